// Proves the bundled suites against the mini-server fixture: the clean server passes every scenario,
// and each planted defect makes the exact scenario, rule and verdict listed below come out.
// Every scenario must be failed by some defect or be listed, with a reason, as known unfailable.
import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { ConformanceOptions } from '../../api/index.js';
import { ALWAYS_ON_RULES } from '../../runner/checks/index.js';
import { CLIENT_ROLE_LINE } from '../../runner/suite-loader/index.js';
import { ROOT, type ReportCheck } from './run-cli.js';
import { runServer } from './run-in-process.js';

const FIXTURE = 'test/fixtures/targets/mini-server.mjs';
const SUITES = join(ROOT, 'suites');
/** Short bound for every wait; scenarios that need longer (cancellation) set their own timeoutMs. */
const TIMEOUT_MS = 3000;

type Revision = '2024-11-05' | '2025-03-26' | '2025-06-18' | '2025-11-25' | '2026-07-28';
type Verdict = 'failed' | 'warning' | 'errored';

interface DefectRow {
  defect: string;
  revision: Revision;
  scenario: string;
  rule: string;
  status: Verdict;
}

/** One row per check a defect must trip; README.md in the fixture folder mirrors this table. */
const ROWS: DefectRow[] = [
  // lifecycle
  {
    defect: 'no-server-info',
    revision: '2025-06-18',
    scenario: 'lifecycle/initialize-result-shape',
    rule: 'lifecycle.initialize.result-contents',
    status: 'failed',
  },
  {
    defect: 'echoes-any-version',
    revision: '2025-06-18',
    scenario: 'lifecycle/initialize-unknown-version',
    rule: 'lifecycle.version.counter-offer',
    status: 'failed',
  },
  {
    defect: 'echoes-any-version',
    revision: '2024-11-05',
    scenario: 'lifecycle/initialize-garbage-version',
    rule: 'lifecycle.version.counter-offer',
    status: 'failed',
  },
  {
    defect: 'answers-notifications',
    revision: '2025-03-26',
    scenario: 'lifecycle/initialized-not-answered',
    rule: 'jsonrpc.notification.no-response',
    status: 'failed',
  },
  {
    defect: 'silent-before-initialize',
    revision: '2025-06-18',
    scenario: 'lifecycle/request-before-initialize',
    rule: 'jsonrpc.request.answered',
    status: 'failed',
  },
  {
    defect: 'ping-requires-initialize',
    revision: '2024-11-05',
    scenario: 'lifecycle/ping-before-initialize',
    rule: 'ping.response.empty-result',
    status: 'failed',
  },
  {
    defect: 'audio-in-2024',
    revision: '2024-11-05',
    scenario: 'lifecycle/negotiated-version-respected',
    rule: 'lifecycle.operation.respect-version',
    status: 'warning',
  },
  // negotiation (2026-07-28)
  {
    defect: 'discover-no-server-info',
    revision: '2026-07-28',
    scenario: 'negotiation/discover-result',
    rule: 'negotiation.discover.server-info',
    status: 'warning',
  },
  {
    defect: 'wrong-unsupported-version-code',
    revision: '2026-07-28',
    scenario: 'negotiation/unsupported-version',
    rule: 'negotiation.version.unsupported-error',
    status: 'failed',
  },
  {
    defect: 'ignores-meta-version',
    revision: '2026-07-28',
    scenario: 'negotiation/unsupported-version',
    rule: 'negotiation.version.unsupported-error',
    status: 'failed',
  },
  {
    defect: 'ignores-meta-version',
    revision: '2026-07-28',
    scenario: 'negotiation/garbage-version',
    rule: 'negotiation.version.unsupported-error',
    status: 'failed',
  },
  { defect: 'meta-not-required', revision: '2026-07-28', scenario: 'negotiation/missing-meta', rule: 'negotiation.meta.required-fields', status: 'failed' },
  {
    defect: 'meta-not-required',
    revision: '2026-07-28',
    scenario: 'negotiation/missing-client-capabilities',
    rule: 'negotiation.meta.required-fields',
    status: 'failed',
  },
  {
    defect: 'meta-not-required',
    revision: '2026-07-28',
    scenario: 'negotiation/missing-protocol-version',
    rule: 'negotiation.meta.required-fields',
    status: 'failed',
  },
  { defect: 'no-result-type', revision: '2026-07-28', scenario: 'negotiation/result-type', rule: 'jsonrpc.result.result-type', status: 'failed' },
  {
    defect: 'no-result-server-info',
    revision: '2026-07-28',
    scenario: 'negotiation/server-info-in-results',
    rule: 'negotiation.result.server-info',
    status: 'warning',
  },
  // jsonrpc
  { defect: 'parse-error-wrong-code', revision: '2025-06-18', scenario: 'jsonrpc/parse-error', rule: 'jsonrpc.error.parse-error', status: 'warning' },
  // Silence, judged once the barrier requests after the line are answered (not at the bound).
  { defect: 'drops-malformed-input', revision: '2025-11-25', scenario: 'jsonrpc/parse-error', rule: 'jsonrpc.error.parse-error', status: 'warning' },
  { defect: 'drops-malformed-input', revision: '2026-07-28', scenario: 'jsonrpc/invalid-request', rule: 'jsonrpc.error.invalid-request', status: 'warning' },
  {
    defect: 'invalid-request-wrong-code',
    revision: '2025-06-18',
    scenario: 'jsonrpc/invalid-request',
    rule: 'jsonrpc.error.invalid-request',
    status: 'warning',
  },
  {
    defect: 'method-not-found-wrong-code',
    revision: '2025-11-25',
    scenario: 'jsonrpc/method-not-found',
    rule: 'jsonrpc.error.method-not-found',
    status: 'warning',
  },
  {
    defect: 'unknown-method-result',
    revision: '2026-07-28',
    scenario: 'jsonrpc/method-not-found',
    rule: 'jsonrpc.response.error-on-failure',
    status: 'failed',
  },
  { defect: 'invalid-params-wrong-code', revision: '2025-06-18', scenario: 'jsonrpc/invalid-params', rule: 'jsonrpc.error.invalid-params', status: 'warning' },
  { defect: 'wrong-id-type', revision: '2025-06-18', scenario: 'jsonrpc/id-echo', rule: 'jsonrpc.response.id-echo', status: 'failed' },
  { defect: 'wrong-id-type', revision: '2026-07-28', scenario: 'jsonrpc/id-echo', rule: 'jsonrpc.response.id-known', status: 'failed' },
  {
    defect: 'answers-notifications',
    revision: '2025-11-25',
    scenario: 'jsonrpc/notification-not-answered',
    rule: 'jsonrpc.notification.no-response',
    status: 'failed',
  },
  { defect: 'duplicate-response', revision: '2025-06-18', scenario: 'jsonrpc/exactly-one-response', rule: 'jsonrpc.response.exactly-once', status: 'failed' },
  { defect: 'result-and-error', revision: '2025-06-18', scenario: 'jsonrpc/result-xor-error', rule: 'jsonrpc.response.result-xor-error', status: 'failed' },
  {
    defect: 'unknown-id-response',
    revision: '2026-07-28',
    scenario: 'jsonrpc/responses-only-to-sent-ids',
    rule: 'jsonrpc.response.id-known',
    status: 'failed',
  },
  {
    defect: 'error-code-not-integer',
    revision: '2025-06-18',
    scenario: 'jsonrpc/well-formed-messages',
    rule: 'jsonrpc.message.valid-json-rpc',
    status: 'failed',
  },
  { defect: 'rejects-batches', revision: '2025-03-26', scenario: 'jsonrpc/batch-received', rule: 'jsonrpc.batch.receive', status: 'failed' },
  { defect: 'retired-error-code', revision: '2026-07-28', scenario: 'jsonrpc/retired-error-codes', rule: 'jsonrpc.error.retired-codes', status: 'failed' },
  // ping
  { defect: 'ping-error', revision: '2025-11-25', scenario: 'ping/answers-empty-result', rule: 'ping.response.empty-result', status: 'failed' },
  // tools
  { defect: 'input-schema-not-object', revision: '2025-06-18', scenario: 'tools/list-well-formed', rule: 'tools.tool.input-schema-object', status: 'failed' },
  { defect: 'duplicate-tool-names', revision: '2025-06-18', scenario: 'tools/unique-names', rule: 'tools.list.unique-names', status: 'warning' },
  { defect: 'bad-tool-name', revision: '2025-11-25', scenario: 'tools/name-format', rule: 'tools.name.characters', status: 'warning' },
  { defect: 'crash-on-call', revision: '2025-06-18', scenario: 'tools/call-valid-arguments', rule: 'tools.call.result-content', status: 'errored' },
  { defect: 'call-no-content', revision: '2024-11-05', scenario: 'tools/call-valid-arguments', rule: 'tools.call.result-content', status: 'failed' },
  { defect: 'invalid-args-accepted', revision: '2025-06-18', scenario: 'tools/call-invalid-arguments', rule: 'tools.call.validate-inputs', status: 'failed' },
  {
    defect: 'accepts-undeclared-args',
    revision: '2025-06-18',
    scenario: 'tools/call-undeclared-argument',
    rule: 'tools.call.closed-schema-rejects-undeclared',
    status: 'warning',
  },
  {
    defect: 'invalid-args-protocol-error',
    revision: '2025-11-25',
    scenario: 'tools/call-invalid-arguments',
    rule: 'tools.call.input-validation-execution-error',
    status: 'warning',
  },
  {
    defect: 'unknown-tool-no-error',
    revision: '2025-06-18',
    scenario: 'tools/call-unknown-tool',
    rule: 'tools.call.unknown-tool-protocol-error',
    status: 'warning',
  },
  {
    defect: 'tool-error-as-protocol-error',
    revision: '2025-06-18',
    scenario: 'tools/call-tool-error-in-result',
    rule: 'tools.call.tool-errors-in-result',
    status: 'warning',
  },
  {
    defect: 'structured-content-mismatch',
    revision: '2025-11-25',
    scenario: 'tools/structured-content-conforms',
    rule: 'tools.call.structured-content-conforms',
    status: 'failed',
  },
  {
    defect: 'no-text-fallback',
    revision: '2025-06-18',
    scenario: 'tools/structured-content-conforms',
    rule: 'tools.call.structured-content-text-fallback',
    status: 'warning',
  },
  { defect: 'tools-capability-missing', revision: '2025-06-18', scenario: 'tools/capability-declared', rule: 'tools.capability.declared', status: 'failed' },
  { defect: 'nondeterministic-order', revision: '2026-07-28', scenario: 'tools/list-deterministic', rule: 'tools.list.deterministic-order', status: 'warning' },
  // pagination
  { defect: 'cursor-loop', revision: '2025-06-18', scenario: 'pagination/tools-follow-cursor', rule: 'pagination.result.terminates', status: 'warning' },
  { defect: 'cursor-loop', revision: '2026-07-28', scenario: 'pagination/resources-follow-cursor', rule: 'pagination.result.terminates', status: 'warning' },
  {
    defect: 'cursor-loop',
    revision: '2024-11-05',
    scenario: 'pagination/resource-templates-follow-cursor',
    rule: 'pagination.result.terminates',
    status: 'warning',
  },
  { defect: 'cursor-loop', revision: '2025-03-26', scenario: 'pagination/prompts-follow-cursor', rule: 'pagination.result.terminates', status: 'warning' },
  {
    defect: 'invalid-cursor-accepted',
    revision: '2025-06-18',
    scenario: 'pagination/tools-invalid-cursor',
    rule: 'pagination.cursor.invalid-error',
    status: 'warning',
  },
  {
    defect: 'invalid-cursor-accepted',
    revision: '2026-07-28',
    scenario: 'pagination/resources-invalid-cursor',
    rule: 'pagination.cursor.invalid-error',
    status: 'warning',
  },
  {
    defect: 'invalid-cursor-accepted',
    revision: '2025-11-25',
    scenario: 'pagination/prompts-invalid-cursor',
    rule: 'pagination.cursor.invalid-error',
    status: 'warning',
  },
  { defect: 'single-use-cursor', revision: '2025-06-18', scenario: 'pagination/tools-cursor-reusable', rule: 'pagination.cursor.stable', status: 'warning' },
  // A refusal of a cursor the server handed out breaks stable cursors (refusal: breaks-rule), and the
  // loop that then has no next cursor is skipped, not passed as if the list had ended.
  {
    defect: 'prompt-cursors-refused',
    revision: '2025-06-18',
    scenario: 'pagination/prompts-follow-cursor',
    rule: 'pagination.cursor.stable',
    status: 'warning',
  },
  // cancellation
  {
    defect: 'answers-cancelled',
    revision: '2025-06-18',
    scenario: 'cancellation/cancelled-request-not-answered',
    rule: 'cancellation.receiver.no-response',
    status: 'warning',
  },
  {
    defect: 'answers-cancelled',
    revision: '2026-07-28',
    scenario: 'cancellation/cancelled-request-not-answered',
    rule: 'cancellation.server.no-response',
    status: 'warning',
  },
  {
    defect: 'answers-cancelled',
    revision: '2026-07-28',
    scenario: 'cancellation/stdio-cancelled-request-silent',
    rule: 'transport.stdio.cancelled-no-further-messages',
    status: 'failed',
  },
  {
    defect: 'echoes-cancelled',
    revision: '2026-07-28',
    scenario: 'cancellation/stdio-cancelled-request-silent',
    rule: 'cancellation.server.no-unsolicited-cancel',
    status: 'failed',
  },
  {
    defect: 'crash-on-stale-cancel',
    revision: '2025-06-18',
    scenario: 'cancellation/unknown-id-ignored',
    rule: 'cancellation.receiver.ignore-invalid',
    status: 'errored',
  },
  {
    defect: 'crash-on-stale-cancel',
    revision: '2025-11-25',
    scenario: 'cancellation/cancel-after-completion',
    rule: 'cancellation.receiver.race-graceful',
    status: 'errored',
  },
  {
    defect: 'crash-on-stale-cancel',
    revision: '2026-07-28',
    scenario: 'cancellation/cancel-after-completion',
    rule: 'cancellation.server.race-graceful',
    status: 'errored',
  },
  // resources
  { defect: 'resource-uri-not-uri', revision: '2025-06-18', scenario: 'resources/list-well-formed', rule: 'resources.uri.valid', status: 'failed' },
  { defect: 'template-no-name', revision: '2025-11-25', scenario: 'resources/templates-well-formed', rule: 'resources.templates.result', status: 'failed' },
  { defect: 'read-no-text-or-blob', revision: '2024-11-05', scenario: 'resources/read-listed', rule: 'resources.read.result', status: 'failed' },
  { defect: 'blob-not-base64', revision: '2026-07-28', scenario: 'resources/read-blob', rule: 'resources.read.blob-base64', status: 'failed' },
  {
    defect: 'not-found-empty-contents',
    revision: '2025-06-18',
    scenario: 'resources/read-unknown-uri',
    rule: 'resources.read.not-found-code',
    status: 'warning',
  },
  {
    defect: 'not-found-empty-contents',
    revision: '2026-07-28',
    scenario: 'resources/read-unknown-uri',
    rule: 'resources.read.not-found-not-empty',
    status: 'failed',
  },
  {
    defect: 'retired-error-code',
    revision: '2026-07-28',
    scenario: 'resources/read-unknown-uri',
    rule: 'resources.read.not-found-invalid-params',
    status: 'failed',
  },
  {
    defect: 'subscribe-unsupported',
    revision: '2025-03-26',
    scenario: 'resources/subscribe-unsubscribe',
    rule: 'resources.subscribe.answered',
    status: 'failed',
  },
  {
    defect: 'unsolicited-updated',
    revision: '2025-11-25',
    scenario: 'resources/no-updates-without-subscription',
    rule: 'resources.updated.subscribed-only',
    status: 'warning',
  },
  {
    defect: 'updated-wrong-uri',
    revision: '2025-06-18',
    scenario: 'resources/updated-after-subscribe',
    rule: 'resources.updated.subscribed-only',
    status: 'warning',
  },
  {
    defect: 'updates-after-unsubscribe',
    revision: '2025-03-26',
    scenario: 'resources/updated-after-subscribe',
    rule: 'resources.unsubscribe.stops-updates',
    status: 'warning',
  },
  // prompts
  { defect: 'prompt-argument-no-name', revision: '2025-06-18', scenario: 'prompts/list-well-formed', rule: 'prompts.list.result', status: 'failed' },
  { defect: 'prompt-bad-role', revision: '2024-11-05', scenario: 'prompts/get-without-arguments', rule: 'prompts.get.result', status: 'failed' },
  { defect: 'prompt-bad-role', revision: '2026-07-28', scenario: 'prompts/get-with-arguments', rule: 'prompts.get.result', status: 'failed' },
  {
    defect: 'missing-argument-accepted',
    revision: '2025-11-25',
    scenario: 'prompts/get-missing-argument',
    rule: 'prompts.get.missing-argument-error',
    status: 'warning',
  },
  {
    defect: 'unknown-prompt-wrong-code',
    revision: '2025-03-26',
    scenario: 'prompts/get-unknown-prompt',
    rule: 'prompts.get.unknown-prompt-error',
    status: 'warning',
  },
  // logging
  { defect: 'set-level-error', revision: '2025-06-18', scenario: 'logging/set-level', rule: 'logging.set-level.answered', status: 'failed' },
  { defect: 'invalid-level-accepted', revision: '2024-11-05', scenario: 'logging/invalid-level', rule: 'logging.level.invalid-error', status: 'warning' },
  { defect: 'invalid-level-accepted', revision: '2026-07-28', scenario: 'logging/invalid-level', rule: 'logging.level.invalid-error', status: 'warning' },
  { defect: 'ignores-log-level', revision: '2025-11-25', scenario: 'logging/level-filtering', rule: 'logging.level.filter', status: 'warning' },
  { defect: 'ignores-log-level', revision: '2026-07-28', scenario: 'logging/level-filtering', rule: 'logging.level.filter', status: 'warning' },
  {
    defect: 'logs-without-level',
    revision: '2026-07-28',
    scenario: 'logging/no-unsolicited-messages',
    rule: 'logging.request.no-level-no-messages',
    status: 'failed',
  },
  // completion
  {
    defect: 'completion-too-many',
    revision: '2025-06-18',
    scenario: 'completion/complete-prompt-argument',
    rule: 'completion.result.values',
    status: 'failed',
  },
  {
    defect: 'completion-unknown-ref-result',
    revision: '2026-07-28',
    scenario: 'completion/complete-unknown-prompt',
    rule: 'completion.unknown-ref-error',
    status: 'warning',
  },
  // progress
  { defect: 'wrong-progress-token', revision: '2025-06-18', scenario: 'progress/follows-token', rule: 'progress.token.active-only', status: 'failed' },
  { defect: 'progress-not-increasing', revision: '2026-07-28', scenario: 'progress/follows-token', rule: 'progress.value.increasing', status: 'failed' },
  { defect: 'progress-after-response', revision: '2024-11-05', scenario: 'progress/follows-token', rule: 'progress.stop-after-completion', status: 'failed' },
  { defect: 'progress-without-token', revision: '2025-11-25', scenario: 'progress/only-when-asked', rule: 'progress.token.active-only', status: 'failed' },
  // capability honesty
  {
    defect: 'undeclared-list-changed',
    revision: '2025-06-18',
    scenario: 'capabilities/no-undeclared-notifications',
    rule: 'capabilities.list-changed.declared',
    status: 'failed',
  },
  {
    defect: 'logging-capability-missing',
    revision: '2025-03-26',
    scenario: 'capabilities/undeclared-methods-rejected',
    rule: 'logging.set-level.undeclared-refused',
    status: 'warning',
  },
  {
    defect: 'completions-capability-missing',
    revision: '2026-07-28',
    scenario: 'capabilities/undeclared-methods-rejected',
    rule: 'completion.capability.declared',
    status: 'failed',
  },
  {
    defect: 'annotation-not-boolean',
    revision: '2025-06-18',
    scenario: 'capabilities/annotations-well-formed',
    rule: 'tools.annotations.well-formed',
    status: 'failed',
  },
  // server-initiated requests (stateful revisions)
  {
    defect: 'sampling-without-capability',
    revision: '2025-03-26',
    scenario: 'server-requests/sampling-only-when-declared',
    rule: 'server-requests.sampling.declared',
    status: 'failed',
  },
  {
    defect: 'sampling-without-capability',
    revision: '2025-03-26',
    scenario: 'server-requests/sampling-only-when-declared',
    rule: 'lifecycle.operation.negotiated-capabilities',
    status: 'warning',
  },
  {
    defect: 'sampling-without-capability',
    revision: '2025-11-25',
    scenario: 'server-requests/sampling-only-when-declared',
    rule: 'lifecycle.operation.negotiated-capabilities-strict',
    status: 'failed',
  },
  {
    defect: 'sampling-bad-params',
    revision: '2025-06-18',
    scenario: 'server-requests/sampling-well-formed',
    rule: 'server-requests.sampling.params',
    status: 'failed',
  },
  {
    defect: 'elicitation-without-capability',
    revision: '2025-06-18',
    scenario: 'server-requests/elicitation-only-when-declared',
    rule: 'server-requests.elicitation.declared',
    status: 'failed',
  },
  {
    defect: 'elicitation-wrong-mode',
    revision: '2025-11-25',
    scenario: 'server-requests/elicitation-mode-declared',
    rule: 'server-requests.elicitation.mode-declared',
    status: 'failed',
  },
  {
    defect: 'elicitation-bad-params',
    revision: '2025-11-25',
    scenario: 'server-requests/elicitation-well-formed',
    rule: 'server-requests.elicitation.params',
    status: 'failed',
  },
  {
    defect: 'roots-without-capability',
    revision: '2024-11-05',
    scenario: 'server-requests/roots-only-when-declared',
    rule: 'server-requests.roots.declared',
    status: 'failed',
  },
  // 2026-07-28: input-required results, caching
  {
    defect: 'input-required-empty',
    revision: '2026-07-28',
    scenario: 'mrtr/input-required-well-formed',
    rule: 'mrtr.input-required.well-formed',
    status: 'failed',
  },
  {
    defect: 'input-required-cache-hints',
    revision: '2026-07-28',
    scenario: 'mrtr/input-required-well-formed',
    rule: 'caching.input-required.no-hints',
    status: 'warning',
  },
  {
    defect: 'input-required-ignores-capabilities',
    revision: '2026-07-28',
    scenario: 'mrtr/no-undeclared-input-requests',
    rule: 'mrtr.input-required.declared-capabilities',
    status: 'failed',
  },
  { defect: 'retry-refused', revision: '2026-07-28', scenario: 'mrtr/retry-completes', rule: 'mrtr.retry.completes', status: 'warning' },
  { defect: 'missing-input-error', revision: '2026-07-28', scenario: 'mrtr/retry-without-responses', rule: 'mrtr.missing-input.ask-again', status: 'warning' },
  { defect: 'server-request-2026', revision: '2026-07-28', scenario: 'mrtr/no-server-requests', rule: 'jsonrpc.server.no-requests', status: 'failed' },
  { defect: 'no-cache-hints', revision: '2026-07-28', scenario: 'caching/hints-on-cacheable-results', rule: 'caching.hints.present', status: 'failed' },
  {
    defect: 'list-input-required',
    revision: '2026-07-28',
    scenario: 'caching/hints-on-cacheable-results',
    rule: 'mrtr.input-required.supported-requests',
    status: 'failed',
  },
  {
    defect: 'cache-scope-varies',
    revision: '2026-07-28',
    scenario: 'caching/same-scope-across-pages',
    rule: 'caching.scope.same-across-pages',
    status: 'failed',
  },
  // cancellation races
  {
    defect: 'crash-on-stale-cancel',
    revision: '2025-03-26',
    scenario: 'cancellation/cancel-immediately',
    rule: 'cancellation.receiver.race-graceful',
    status: 'errored',
  },
  {
    defect: 'crash-on-stale-cancel',
    revision: '2026-07-28',
    scenario: 'cancellation/cancel-immediately',
    rule: 'cancellation.server.race-graceful',
    status: 'errored',
  },
  {
    defect: 'answers-cancelled',
    revision: '2025-11-25',
    scenario: 'cancellation/many-concurrent-cancels',
    rule: 'cancellation.receiver.no-response',
    status: 'warning',
  },
  {
    defect: 'answers-cancelled',
    revision: '2026-07-28',
    scenario: 'cancellation/many-concurrent-cancels',
    rule: 'cancellation.server.no-response',
    status: 'warning',
  },
  // tasks (2025-11-25)
  { defect: 'task-not-working', revision: '2025-11-25', scenario: 'tasks/tool-call-lifecycle', rule: 'tasks.create.result', status: 'failed' },
  { defect: 'task-result-no-related', revision: '2025-11-25', scenario: 'tasks/tool-call-lifecycle', rule: 'tasks.result.final', status: 'failed' },
  { defect: 'task-unlisted', revision: '2025-11-25', scenario: 'tasks/tool-call-lifecycle', rule: 'tasks.list.includes-retrievable', status: 'failed' },
  { defect: 'cancel-completed-task', revision: '2025-11-25', scenario: 'tasks/tool-call-lifecycle', rule: 'tasks.cancel.terminal-rejected', status: 'failed' },
  { defect: 'unknown-task-wrong-code', revision: '2025-11-25', scenario: 'tasks/unknown-task', rule: 'tasks.unknown-id-error', status: 'failed' },
  {
    defect: 'task-forbidden-accepted',
    revision: '2025-11-25',
    scenario: 'tasks/forbidden-tool',
    rule: 'tasks.tool-forbidden.method-not-found',
    status: 'warning',
  },
  {
    defect: 'task-required-runs-plain',
    revision: '2025-11-25',
    scenario: 'tasks/required-tool',
    rule: 'tasks.tool-required.method-not-found',
    status: 'failed',
  },
  {
    defect: 'tasks-undeclared-created',
    revision: '2025-11-25',
    scenario: 'tasks/undeclared-task-ignored',
    rule: 'tasks.undeclared.no-task-result',
    status: 'failed',
  },
  {
    defect: 'tasks-undeclared-created',
    revision: '2025-11-25',
    scenario: 'tasks/undeclared-task-ignored',
    rule: 'tasks.undeclared.processed-normally',
    status: 'failed',
  },
  {
    defect: 'task-param-rejected',
    revision: '2025-11-25',
    scenario: 'tasks/undeclared-task-ignored',
    rule: 'tasks.undeclared.processed-normally',
    status: 'failed',
  },
  { defect: 'task-id-reused', revision: '2025-11-25', scenario: 'tasks/tool-call-lifecycle', rule: 'tasks.id.unique', status: 'failed' },
  { defect: 'task-id-reused', revision: '2025-11-25', scenario: 'tasks/cancel-working', rule: 'tasks.id.unique', status: 'failed' },
  { defect: 'cancel-not-sticky', revision: '2025-11-25', scenario: 'tasks/cancel-working', rule: 'tasks.cancel.sets-cancelled', status: 'failed' },
  { defect: 'task-list-cursor-accepted', revision: '2025-11-25', scenario: 'tasks/unknown-task', rule: 'tasks.list.invalid-cursor', status: 'failed' },
  { defect: 'task-meta-wins', revision: '2025-11-25', scenario: 'tasks/tool-call-lifecycle', rule: 'tasks.request.task-id-param-wins', status: 'failed' },
  { defect: 'task-results-related-meta', revision: '2025-11-25', scenario: 'tasks/tool-call-lifecycle', rule: 'tasks.no-related-meta', status: 'warning' },
  { defect: 'task-results-related-meta', revision: '2025-11-25', scenario: 'tasks/cancel-working', rule: 'tasks.no-related-meta', status: 'warning' },
  // the tasks extension (2026-07-28)
  { defect: 'ext-task-untagged', revision: '2026-07-28', scenario: 'tasks/extension-lifecycle', rule: 'tasks.extension.create.result-type', status: 'failed' },
  { defect: 'ext-task-no-ttl', revision: '2026-07-28', scenario: 'tasks/extension-lifecycle', rule: 'tasks.extension.create.task-shape', status: 'failed' },
  { defect: 'ext-task-not-durable', revision: '2026-07-28', scenario: 'tasks/extension-lifecycle', rule: 'tasks.extension.create.durable', status: 'failed' },
  { defect: 'ext-task-no-result', revision: '2026-07-28', scenario: 'tasks/extension-lifecycle', rule: 'tasks.extension.get.detailed-task', status: 'failed' },
  {
    defect: 'ext-task-wrong-result',
    revision: '2026-07-28',
    scenario: 'tasks/extension-lifecycle',
    rule: 'tasks.extension.completed.result',
    status: 'failed',
  },
  { defect: 'ext-task-reopens', revision: '2026-07-28', scenario: 'tasks/extension-lifecycle', rule: 'tasks.extension.terminal.final', status: 'warning' },
  {
    defect: 'ext-unknown-task-wrong-code',
    revision: '2026-07-28',
    scenario: 'tasks/extension-unknown-task',
    rule: 'tasks.extension.get.unknown-id',
    status: 'failed',
  },
  {
    defect: 'ext-unknown-task-wrong-code',
    revision: '2026-07-28',
    scenario: 'tasks/extension-unknown-task',
    rule: 'tasks.extension.update-cancel.unknown-id',
    status: 'warning',
  },
  {
    defect: 'ext-cancel-returns-task',
    revision: '2026-07-28',
    scenario: 'tasks/extension-cancel',
    rule: 'tasks.extension.cancel.acknowledged',
    status: 'failed',
  },
  // The acknowledgement is owed whatever the task's status: an error breaks it (refusal: breaks-rule).
  { defect: 'ext-cancel-refused', revision: '2026-07-28', scenario: 'tasks/extension-cancel', rule: 'tasks.extension.cancel.acknowledged', status: 'failed' },
  {
    defect: 'ext-task-undeclared-created',
    revision: '2026-07-28',
    scenario: 'tasks/extension-undeclared-client',
    rule: 'tasks.extension.undeclared.no-task',
    status: 'failed',
  },
  {
    defect: 'ext-undeclared-served',
    revision: '2026-07-28',
    scenario: 'tasks/extension-undeclared-client',
    rule: 'tasks.extension.undeclared.methods-refused',
    status: 'failed',
  },
  {
    defect: 'ext-update-not-empty',
    revision: '2026-07-28',
    scenario: 'tasks/extension-input-required',
    rule: 'tasks.extension.update.acknowledged',
    status: 'failed',
  },
  {
    defect: 'ext-listen-wrong-code',
    revision: '2026-07-28',
    scenario: 'tasks/extension-listen-undeclared',
    rule: 'tasks.extension.listen.undeclared-refused',
    status: 'failed',
  },
  {
    defect: 'ext-input-key-reused',
    revision: '2026-07-28',
    scenario: 'tasks/extension-input-rounds',
    rule: 'tasks.extension.input.keys-unique',
    status: 'failed',
  },
  {
    defect: 'ext-partial-advances',
    revision: '2026-07-28',
    scenario: 'tasks/extension-input-rounds',
    rule: 'tasks.extension.input.partial-remains',
    status: 'warning',
  },
  {
    defect: 'ext-task-notification-bare',
    revision: '2026-07-28',
    scenario: 'tasks/extension-status-on-listen',
    rule: 'tasks.extension.notification.detailed-task',
    status: 'failed',
  },
  {
    defect: 'ext-task-notification-unlisted',
    revision: '2026-07-28',
    scenario: 'tasks/extension-status-on-listen',
    rule: 'tasks.extension.listen.only-listed',
    status: 'warning',
  },
  {
    defect: 'ext-log-on-task-stream',
    revision: '2026-07-28',
    scenario: 'tasks/extension-status-on-listen',
    rule: 'tasks.extension.listen.no-progress-or-log',
    status: 'failed',
  },
  // subscriptions (2026-07-28)
  {
    defect: 'listen-no-ack',
    revision: '2026-07-28',
    scenario: 'subscriptions/listen-acknowledged',
    rule: 'subscriptions.listen.acknowledged',
    status: 'failed',
  },
  {
    defect: 'ack-unrequested',
    revision: '2026-07-28',
    scenario: 'subscriptions/listen-acknowledged',
    rule: 'subscriptions.listen.only-requested',
    status: 'failed',
  },
  // judged against the revisions the probes accepted (the `accepted` variable)
  {
    defect: 'counter-offer-oldest',
    revision: '2025-06-18',
    scenario: 'lifecycle/initialize-unknown-version',
    rule: 'lifecycle.version.counter-offer-latest',
    status: 'warning',
  },
  {
    defect: 'discover-lists-modern-only',
    revision: '2026-07-28',
    scenario: 'negotiation/discover-result',
    rule: 'negotiation.discover.versions-complete',
    status: 'warning',
  },
  {
    defect: 'unsupported-lists-modern-only',
    revision: '2026-07-28',
    scenario: 'negotiation/unsupported-version',
    rule: 'negotiation.version.unsupported-lists-all',
    status: 'warning',
  },
  { defect: 'input-schema-invalid', revision: '2025-11-25', scenario: 'tools/list-well-formed', rule: 'tools.tool.input-schema-valid', status: 'failed' },
  { defect: 'output-schema-invalid', revision: '2026-07-28', scenario: 'tools/list-well-formed', rule: 'tools.tool.output-schema-valid', status: 'failed' },
  { defect: 'legacy-range-code', revision: '2026-07-28', scenario: 'jsonrpc/retired-error-codes', rule: 'jsonrpc.error.legacy-range', status: 'warning' },
  {
    defect: 'undeclared-prompts-wrong-code',
    revision: '2026-07-28',
    scenario: 'capabilities/undeclared-methods-rejected',
    rule: 'capabilities.methods.undeclared-method-not-found',
    status: 'warning',
  },
  {
    defect: 'undeclared-completion-wrong-code',
    revision: '2025-06-18',
    scenario: 'capabilities/undeclared-methods-rejected',
    rule: 'completion.undeclared-method-not-found',
    status: 'warning',
  },
  {
    defect: 'resources-vary-after-requests',
    revision: '2026-07-28',
    scenario: 'resources/list-same-for-every-connection',
    rule: 'resources.list.same-for-every-connection',
    status: 'failed',
  },
  {
    defect: 'prompts-vary-after-requests',
    revision: '2026-07-28',
    scenario: 'prompts/list-same-for-every-connection',
    rule: 'prompts.list.same-for-every-connection',
    status: 'failed',
  },
  {
    defect: 'extra-responses-refused',
    revision: '2026-07-28',
    scenario: 'mrtr/retry-extra-responses',
    rule: 'mrtr.retry.extra-responses-ignored',
    status: 'warning',
  },
  {
    defect: 'malformed-responses-accepted',
    revision: '2026-07-28',
    scenario: 'mrtr/retry-malformed-responses',
    rule: 'mrtr.retry.malformed-responses-error',
    status: 'warning',
  },
  { defect: 'decline-refused', revision: '2026-07-28', scenario: 'mrtr/elicitation-declined', rule: 'mrtr.elicitation.decline-handled', status: 'failed' },
  {
    defect: 'elicitation-wrong-mode',
    revision: '2026-07-28',
    scenario: 'mrtr/elicitation-mode-declared',
    rule: 'server-requests.elicitation.mode-declared',
    status: 'failed',
  },
  { defect: 'bad-meta-key', revision: '2025-06-18', scenario: 'jsonrpc/meta-key-names', rule: 'schema.meta.key-names', status: 'failed' },
  {
    defect: 'prompt-image-not-base64',
    revision: '2024-11-05',
    scenario: 'prompts/content-well-formed',
    rule: 'prompts.content.media-encoded',
    status: 'failed',
  },
  {
    defect: 'prompt-resource-no-mime',
    revision: '2025-11-25',
    scenario: 'prompts/content-well-formed',
    rule: 'prompts.content.embedded-resource',
    status: 'failed',
  },
  {
    defect: 'ack-unsupported',
    revision: '2026-07-28',
    scenario: 'subscriptions/ack-omits-unsupported',
    rule: 'subscriptions.listen.unsupported-omitted',
    status: 'warning',
  },
  {
    defect: 'listen-update-untagged',
    revision: '2026-07-28',
    scenario: 'subscriptions/resource-updates-on-listen',
    rule: 'subscriptions.listen.notifications-tagged',
    status: 'failed',
  },
  {
    defect: 'listen-updates-everywhere',
    revision: '2026-07-28',
    scenario: 'subscriptions/resource-updates-on-listen',
    rule: 'subscriptions.listen.only-requested',
    status: 'failed',
  },
  { defect: 'bad-mcp-header', revision: '2026-07-28', scenario: 'tools/list-well-formed', rule: 'tools.tool.x-mcp-header-valid', status: 'failed' },
  {
    defect: 'bad-extension-id',
    revision: '2026-07-28',
    scenario: 'negotiation/discover-result',
    rule: 'negotiation.extensions.identifier-format',
    status: 'failed',
  },
  {
    defect: 'sampling-context-undeclared',
    revision: '2025-11-25',
    scenario: 'server-requests/sampling-well-formed',
    rule: 'server-requests.sampling.context-declared',
    status: 'warning',
  },
  {
    defect: 'sampling-context-undeclared',
    revision: '2026-07-28',
    scenario: 'mrtr/sampling-context-declared',
    rule: 'server-requests.sampling.context-declared',
    status: 'warning',
  },
  {
    defect: 'echoes-cancelled',
    revision: '2025-06-18',
    scenario: 'cancellation/cancelled-request-not-answered',
    rule: 'cancellation.sender.own-requests-only',
    status: 'failed',
  },
  // Always-on: judged in any scenario where the server names one of our requests in progress.
  {
    defect: 'cancels-refused-call',
    revision: '2025-03-26',
    scenario: 'tools/call-invalid-arguments',
    rule: 'cancellation.sender.own-requests-only',
    status: 'failed',
  },
  {
    defect: 'cancels-refused-call',
    revision: '2026-07-28',
    scenario: 'tools/call-invalid-arguments',
    rule: 'cancellation.server.no-unsolicited-cancel',
    status: 'failed',
  },
  {
    defect: 'roots-before-initialized',
    revision: '2025-03-26',
    scenario: 'lifecycle/no-requests-before-initialized',
    rule: 'lifecycle.server.no-requests-before-initialized',
    status: 'warning',
  },
  {
    defect: 'reuses-request-ids',
    revision: '2025-06-18',
    scenario: 'server-requests/request-ids-unique',
    rule: 'jsonrpc.request.server-ids-unique',
    status: 'failed',
  },
  { defect: 'log-on-listen', revision: '2026-07-28', scenario: 'logging/not-on-subscription', rule: 'logging.message.not-on-subscription', status: 'failed' },
  {
    defect: 'embedded-resource-undeclared',
    revision: '2025-11-25',
    scenario: 'tools/embedded-resources-declared',
    rule: 'tools.call.embedded-resources-declared',
    status: 'warning',
  },
  {
    defect: 'elicitation-url-invalid',
    revision: '2025-11-25',
    scenario: 'server-requests/elicitation-url-valid',
    rule: 'server-requests.elicitation.url-valid',
    status: 'failed',
  },
  {
    defect: 'elicitation-url-invalid',
    revision: '2026-07-28',
    scenario: 'mrtr/elicitation-url-valid',
    rule: 'server-requests.elicitation.url-valid',
    status: 'failed',
  },
  {
    defect: 'modern-only-unnamed',
    revision: '2026-07-28',
    scenario: 'negotiation/modern-only-initialize-error',
    rule: 'negotiation.initialize.modern-only-names-versions',
    status: 'warning',
  },
  // stdio
  { defect: 'logs-to-stdout', revision: '2025-06-18', scenario: 'stdio/stdout-only-messages', rule: 'transport.stdio.stdout-only-messages', status: 'failed' },
  {
    defect: 'embedded-newline',
    revision: '2026-07-28',
    scenario: 'stdio/newline-delimited-messages',
    rule: 'transport.stdio.newline-delimited',
    status: 'failed',
  },
  { defect: 'latin1-output', revision: '2025-03-26', scenario: 'stdio/utf8-round-trip', rule: 'transport.messages.utf8', status: 'failed' },
  {
    defect: 'ignores-stdin-close',
    revision: '2025-06-18',
    scenario: 'stdio/exit-on-stdin-close',
    rule: 'transport.stdio.exit-on-stdin-close',
    status: 'warning',
  },
];

/** Defects the probe already catches: the revision is refused, so the run ends as "target unavailable" (exit 3). */
const UNAVAILABLE: { defect: string; revision: Revision; reason: string }[] = [
  { defect: 'wrong-protocol-version', revision: '2025-06-18', reason: 'initialize is answered with 2024-11-05, so the probe finds 2025-06-18 unsupported' },
  { defect: 'discover-missing', revision: '2026-07-28', reason: 'server/discover fails, so the probe finds 2026-07-28 unsupported' },
];

/** Scenarios no planted defect can fail, each with the reason. */
const KNOWN_UNFAILABLE: Record<string, string> = {
  'lifecycle/initialize-version-echo':
    'a server that does not echo a version it was asked for is refused for that revision while probing (see UNAVAILABLE: wrong-protocol-version), so the cell is skipped rather than failed',
};

/** Scenarios the clean mini-server legitimately skips at every revision. */
const CLEAN_SKIPS: Record<string, string> = {
  'tools/capability-declared': 'it declares the tools capability, and the scenario is about servers that do not',
  'capabilities/undeclared-methods-rejected': 'it declares every capability it serves, so no step of the scenario applies',
  'negotiation/modern-only-initialize-error': 'it accepts initialize at every initialize-era revision, and the scenario is about servers that accept none',
  'tasks/undeclared-task-ignored': 'it declares tasks for tools/call at 2025-11-25, and the scenario is about servers that do not',
  'tools/embedded-resources-declared': 'none of its tools embeds a resource (the defect adds one); the reference server runs it',
};

/** Every run is in this process (run-in-process.ts), bounded by TIMEOUT_MS per wait. */
const run = (target: string, selection: Omit<ConformanceOptions, 'target'> = {}) =>
  runServer({ target: { command: target }, timeoutMs: TIMEOUT_MS, ...selection });

const ALWAYS_ON = new Set<string>(Object.values(ALWAYS_ON_RULES));
const server = (defect?: string) => `node ${FIXTURE}${defect ? ` --defect ${defect}` : ''}`;
const ruleId = (c: ReportCheck) => c.rule;

function scenarioIds(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      // Client-role scenarios test clients; test/integration/client-mode.test.ts proves them.
      else if (entry.name.endsWith('.yaml') && !CLIENT_ROLE_LINE.test(readFileSync(path, 'utf8')))
        out.push(
          relative(SUITES, path)
            .split('\\')
            .join('/')
            .replace(/\.yaml$/, ''),
        );
    }
  };
  walk(SUITES);
  // HTTP-level scenarios are proved against the HTTP fixture in http-suites-vs-fixtures.test.ts.
  // So are the authorization scenarios, against the protected fixture in authorization-vs-fixtures.test.ts.
  return out.filter((id) => !id.startsWith('http/') && !id.startsWith('authorization/')).sort();
}

function fixtureDefects(): Promise<string[]> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [join(ROOT, FIXTURE), '--list-defects'], (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout) as string[])));
  });
}

describe('suites versus the mini-server fixture: bookkeeping', () => {
  const ids = scenarioIds();

  it('finds the bundled scenarios', () => {
    expect(ids.length).toBeGreaterThan(0);
  });

  it('cites only scenarios that exist, with ids equal to their file paths', () => {
    for (const row of ROWS) expect(ids, `row for ${row.defect}`).toContain(row.scenario);
    for (const id of [...Object.keys(KNOWN_UNFAILABLE), ...Object.keys(CLEAN_SKIPS)]) expect(ids).toContain(id);
    for (const id of ids) {
      const doc = parse(readFileSync(join(SUITES, `${id}.yaml`), 'utf8')) as { id: string };
      expect(doc.id, `${id}.yaml`).toBe(id);
    }
  });

  it('has every scenario failed by at least one defect or listed as known unfailable', () => {
    const failed = new Set(ROWS.map((r) => r.scenario));
    const uncovered = ids.filter((id) => !failed.has(id) && !(id in KNOWN_UNFAILABLE));
    expect(uncovered, 'add a defect row or a KNOWN_UNFAILABLE entry with its reason').toEqual([]);
    for (const id of Object.keys(KNOWN_UNFAILABLE)) expect(failed.has(id), `${id} is failed by a defect: drop it from KNOWN_UNFAILABLE`).toBe(false);
  });

  it('uses every defect the fixture offers, and only those', async () => {
    const offered = await fixtureDefects();
    // Defects planted for the fuzzer are proved by test/integration/fuzz-finds-planted-bugs.test.ts.
    const fuzzOnly = ['crash-on-long-string', 'wrong-code-on-missing-field', 'duplicate-response-on-unicode', 'crash-on-invalid-utf8'];
    // Proved by test/integration/trust-server-verdicts.test.ts (probe findings, unanswered requests).
    const trustOnly = [
      'initialize-id-as-string',
      'initialize-pretty',
      'initialize-latin1',
      'initialize-unknown-version',
      'silent-unknown-method',
      'late-unknown-method',
      'task-meta-unanswered',
    ];
    // Proved by test/integration/shared-vs-isolated.test.ts (what must end a shared process).
    const sharingOnly = ['unknown-tool-runs', 'word-ids-refused'];
    // Proved by test/integration/flaky-verdicts.test.ts (a defect of the first attempt only: flaky).
    const flakyOnly = ['unknown-method-result-once'];
    // Proved by test/integration/tool-choice-vs-fixtures.test.ts (which tools a run calls).
    const toolChoiceOnly = ['destructive-first'];
    const used = new Set([
      ...ROWS.map((r) => r.defect),
      ...UNAVAILABLE.map((u) => u.defect),
      ...fuzzOnly,
      ...trustOnly,
      ...sharingOnly,
      ...flakyOnly,
      ...toolChoiceOnly,
    ]);
    expect(
      [...used].filter((d) => !offered.includes(d)),
      'rows naming defects the fixture lacks',
    ).toEqual([]);
    expect(
      offered.filter((d) => !used.has(d)),
      'defects no row exercises',
    ).toEqual([]);
  });

  it('names, in each row, a rule the scenario cites', () => {
    for (const row of ROWS) {
      const doc = parse(readFileSync(join(SUITES, `${row.scenario}.yaml`), 'utf8')) as { rules: string[] };
      // Always-on rules are judged in every cell, whether or not the scenario cites them.
      if (!ALWAYS_ON.has(row.rule)) expect(doc.rules, `${row.scenario} for ${row.defect}`).toContain(row.rule);
    }
  });
});

describe('suites versus the mini-server fixture: the clean server', () => {
  it('passes every scenario at every revision', { timeout: 180_000 }, async () => {
    const { code, report } = await run(server(), { concurrency: 4 });
    const bad = report.scenarios.flatMap((s) =>
      s.checks
        .filter((c) => !['passed', 'skipped', 'info'].includes(c.status))
        .map((c) => `${s.id} @ ${s.revision}: ${c.id} ${ruleId(c)} ${c.status}: ${c.message ?? ''}`),
    );
    expect(bad).toEqual([]);
    expect(report.scenarios.filter((s) => s.status === 'errored' || s.status === 'failed').map((s) => `${s.id} @ ${s.revision}`)).toEqual([]);
    expect(code).toBe(0);
    // A scenario the clean server never gets to run proves nothing about it.
    const ran = new Set(report.scenarios.filter((s) => s.status === 'passed').map((s) => s.id));
    const neverRan = scenarioIds().filter((id) => !ran.has(id) && !(id in CLEAN_SKIPS));
    expect(neverRan, 'scenarios skipped at every revision by the clean mini-server').toEqual([]);
  });
});

/**
 * One run per defect, shared by all its rows: it covers every scenario and revision the rows of
 * that defect name (a few extra cells of the cross product are harmless).
 */
const runsByDefect = new Map<string, ReturnType<typeof runServer>>();
function runForDefect(defect: string): ReturnType<typeof runServer> {
  let pending = runsByDefect.get(defect);
  if (!pending) {
    const rows = ROWS.filter((r) => r.defect === defect);
    pending = run(server(defect), { scenarios: [...new Set(rows.map((r) => r.scenario))], revisions: [...new Set(rows.map((r) => r.revision))] as Revision[] });
    runsByDefect.set(defect, pending);
  }
  return pending;
}

describe.concurrent('suites versus the mini-server fixture: each defect', () => {
  for (const row of ROWS) {
    it(`${row.defect} → ${row.scenario} @ ${row.revision}: ${row.rule} ${row.status}`, { timeout: 120_000 }, async () => {
      const { code, report } = await runForDefect(row.defect);
      const cell = report.scenarios.find((s) => s.id === row.scenario && s.revision === row.revision);
      expect(cell, `no cell ${row.scenario} @ ${row.revision} (${JSON.stringify((report as { fatal?: unknown }).fatal ?? 'no fatal error')})`).toBeDefined();
      const seen = cell!.checks.map((c) => `${ruleId(c)}=${c.status}`);
      expect(
        cell!.checks.some((c) => ruleId(c) === row.rule && c.status === row.status),
        `expected a check on ${row.rule} with status ${row.status}; got ${seen.join(', ')}`,
      ).toBe(true);
      if (row.status !== 'warning') expect(code).toBe(1);
    });
  }

  for (const row of UNAVAILABLE) {
    it(`${row.defect} @ ${row.revision}: target unavailable`, { timeout: 60_000 }, async () => {
      const { code } = await run(server(row.defect), { revisions: [row.revision], scenarios: ['lifecycle/', 'negotiation/'] });
      expect(code, row.reason).toBe(3);
    });
  }
});
