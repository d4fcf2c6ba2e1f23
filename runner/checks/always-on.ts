// Checks that hold for every exchange, whatever the scenario: protocol-channel purity, JSON-RPC
// well-formedness, response correlation, schema validity of every message, and a clean exit.
import { compareRevisions, type Revision } from '../../schema/revisions.js';
import { badMetaKeys } from './meta-key-names.js';
import { foreignCancellations } from './server-cancellations.js';
import { streamsWithEventIds } from './sse-event-ids.js';
import { reusedServerRequestIds } from './server-request-ids.js';
import type { CheckResult, CheckStatus, RuleRef } from '../../wire/results/index.js';
import type { Anomaly, CloseReport, Session } from '../../wire/protocol/index.js';

export const ALWAYS_ON_RULES = {
  stdoutOnlyMessages: 'transport.stdio.stdout-only-messages',
  validJsonRpc: 'jsonrpc.message.valid-json-rpc',
  idKnown: 'jsonrpc.response.id-known',
  exactlyOnce: 'jsonrpc.response.exactly-once',
  resultXorError: 'jsonrpc.response.result-xor-error',
  schemaValid: 'schema.message.valid',
  exitOnStdinClose: 'transport.stdio.exit-on-stdin-close',
  metaKeyNames: 'schema.meta.key-names',
  cancelOwnRequestsOnly: 'cancellation.sender.own-requests-only',
  cancelListenOnly: 'cancellation.server.no-unsolicited-cancel',
  eventIdUnique: 'transport.http.event-id-unique',
  serverRequestIdsUnique: 'jsonrpc.request.server-ids-unique',
} as const;

/** The first revision that defines the `_meta` key-name format. */
const META_KEY_FORMAT_FROM: Revision = '2025-06-18';
/** From this revision a server may send notifications/cancelled only to end a subscriptions/listen stream. */
const CANCEL_LISTEN_ONLY_FROM: Revision = '2026-07-28';

export interface MessageValidator {
  /** Violations of the target's message against the revision's schema, as one-line messages with pointers. */
  validateMessage(message: unknown, sender: 'server' | 'client', requestMethod?: string): { pointer: string; message: string; keyword: string }[];
}

export interface AlwaysOnInput {
  scenarioId: string;
  revision: Revision;
  transport: string;
  session: Session;
  close?: CloseReport;
  /** The cells the closed process served, when more than this one: its exit is judged for all of them. */
  servedCells?: number;
  validator?: MessageValidator;
  ruleRef(id: string, revision: Revision): RuleRef;
  /** Whether a rule is in force at the revision; transport findings outside its range are dropped. */
  ruleApplies?(id: string, revision: Revision): boolean;
  /** The rules the cell's scenario cites: an always-on rule it cites is reported even when nothing could be judged. */
  citedRules?: readonly string[];
}

function grade(rule: RuleRef): CheckStatus {
  return rule.level === 'MUST' ? 'failed' : rule.level === 'SHOULD' ? 'warning' : 'info';
}

export function alwaysOnChecks(input: AlwaysOnInput): CheckResult[] {
  const { session, revision } = input;
  const out: CheckResult[] = [];
  const make = (
    ruleId: string,
    name: string,
    bad: Anomaly[] | { seq: number; detail: string; pointer?: string }[],
    okMessage: string,
    hints?: string[],
  ): void => {
    const rule = input.ruleRef(ruleId, revision);
    const first = bad[0];
    out.push({
      id: `always/${name}`,
      rule,
      status: first ? grade(rule) : 'passed',
      message: first ? `${first.detail}${bad.length > 1 ? ` (and ${bad.length - 1} more)` : ''}` : okMessage,
      ...(first ? { evidence: bad.slice(0, 5).map((b) => b.seq) } : {}),
      ...(first && 'pointer' in first && first.pointer !== undefined ? { pointer: first.pointer } : {}),
      ...(first && hints ? { hints } : {}),
    });
  };
  const by = (kind: Anomaly['kind']) => session.anomalies.filter((a) => a.kind === kind);
  const received = session.inbound.length;

  if (input.transport === 'stdio') {
    make(ALWAYS_ON_RULES.stdoutOnlyMessages, 'stdout-only-messages', by('non-json'), `all ${received} stdout lines were JSON-RPC messages`, [
      'the server wrote something other than JSON-RPC to stdout: send logs and diagnostics to stderr',
    ]);
  }
  const invalid = by('invalid-message');
  const xor = invalid.filter((a) => /both "result" and "error"/.test(a.detail));
  make(
    ALWAYS_ON_RULES.validJsonRpc,
    'valid-json-rpc',
    invalid.filter((a) => !xor.includes(a)).concat(by('unexpected-batch')),
    `all ${received} messages were well-formed JSON-RPC 2.0`,
  );
  make(ALWAYS_ON_RULES.resultXorError, 'result-xor-error', xor, 'every response had exactly one of result and error');
  make(ALWAYS_ON_RULES.idKnown, 'response-id-known', by('unknown-id'), 'every response answered a request we sent');
  make(ALWAYS_ON_RULES.exactlyOnce, 'response-exactly-once', by('duplicate-response'), 'no request was answered twice');

  // Wire rules the transport saw broken (bytes that are not UTF-8, a message over several lines,
  // an unusable session id): one check per rule, only where it exists, never silently repaired.
  const wire = new Map<string, Anomaly[]>();
  for (const a of by('transport-violation')) {
    if (!a.rule || (input.ruleApplies && !input.ruleApplies(a.rule, revision))) continue;
    wire.set(a.rule, [...(wire.get(a.rule) ?? []), a]);
  }
  for (const [ruleId, list] of wire) make(ruleId, `wire/${ruleId}`, list, '');

  // The server's own requests to us: never two with one id in a session. Judged where the server
  // sent at least two; a scenario citing the rule is told when it did not.
  const serverIds = reusedServerRequestIds(session.serverRequests, session.inbound);
  const serverIdsRule = ALWAYS_ON_RULES.serverRequestIdsUnique;
  // Over HTTP without a session id the requests have no session in common: the base protocol's
  // sentence reaches only "the same session", so a server that numbers each POST's requests afresh
  // (one protocol instance per request, as stateless servers do) is not judged on it.
  const sessionless =
    input.transport === 'http' && !session.http.some((x) => (x.responseHeaders['mcp-session-id'] ?? x.requestHeaders['mcp-session-id']) !== undefined);
  if (input.ruleApplies && !input.ruleApplies(serverIdsRule, revision)) {
    // Not in force (2026-07-28: the server sends no requests at all).
  } else if (sessionless && serverIds.requests >= 2) {
    out.push({
      id: 'always/server-request-ids',
      rule: input.ruleRef(serverIdsRule, revision),
      status: 'skipped',
      message: `the server's ${serverIds.requests} requests came over HTTP with no session id, so they share no session whose ids must differ`,
    });
  } else if (serverIds.requests >= 2) {
    make(ALWAYS_ON_RULES.serverRequestIdsUnique, 'server-request-ids', serverIds.reused, `the server's ${serverIds.requests} requests had distinct ids`);
  } else if (input.citedRules?.includes(ALWAYS_ON_RULES.serverRequestIdsUnique)) {
    out.push({
      id: 'always/server-request-ids',
      rule: input.ruleRef(ALWAYS_ON_RULES.serverRequestIdsUnique, revision),
      status: 'skipped',
      message: `the server sent ${serverIds.requests === 0 ? 'no request' : 'one request only'} in this session: there were no two ids to compare`,
    });
  }

  // SSE event ids: the transport reports an id reused across streams of a session (above); where it
  // reported none, say what was compared, or, in a scenario that asks for it, that nothing was.
  const eventIdRule = ALWAYS_ON_RULES.eventIdUnique;
  if (input.transport === 'http' && !wire.has(eventIdRule) && input.ruleApplies?.(eventIdRule, revision)) {
    const streams = streamsWithEventIds(session.inbound);
    if (streams.streams >= 2) {
      make(eventIdRule, 'sse-event-ids', [], `${streams.ids} SSE event ids on ${streams.streams} streams, none used on two streams`);
    } else if (input.citedRules?.includes(eventIdRule)) {
      out.push({
        id: 'always/sse-event-ids',
        rule: input.ruleRef(eventIdRule, revision),
        status: 'skipped',
        message: `messages with SSE event ids came on ${streams.streams === 0 ? 'no stream' : 'one stream only'}: there was nothing to compare across streams`,
      });
    }
  }

  if (input.validator) {
    const violations: { seq: number; detail: string; pointer: string }[] = [];
    for (const record of session.inbound) {
      if (record.kind === 'invalid') continue;
      for (const v of input.validator.validateMessage(record.message, 'server', record.requestMethod)) {
        violations.push({
          seq: record.seq,
          pointer: v.pointer,
          detail: `message #${record.seq}${record.requestMethod ? ` (response to ${record.requestMethod})` : ''} is not valid for ${revision}: ${v.pointer || '(root)'} ${v.message} [${v.keyword}]`,
        });
      }
    }
    make(ALWAYS_ON_RULES.schemaValid, 'schema-valid', violations, `all ${received} messages matched the ${revision} schema`);
    // Messages the runner itself composed must be valid: if not, the bug is ours, not the target's.
    for (const record of session.outbound) {
      if (record.author !== 'runner' || record.message === undefined) continue;
      const problems = input.validator.validateMessage(record.message, 'client', undefined);
      if (problems.length > 0) {
        out.push({
          id: 'always/runner-message-valid',
          rule: input.ruleRef(ALWAYS_ON_RULES.schemaValid, revision),
          status: 'runner-bug',
          message: `mcp-conform sent message #${record.seq} that fails our own ${revision} schema: ${problems[0]!.pointer} ${problems[0]!.message}`,
          evidence: [record.seq],
          hints: ['this is a defect in mcp-conform, not in the target: please report it'],
        });
        break;
      }
    }
  }

  if (compareRevisions(revision, META_KEY_FORMAT_FROM) >= 0) {
    const bad = session.inbound.flatMap((record) =>
      record.kind === 'invalid'
        ? []
        : badMetaKeys(record.message).map((b) => ({
            seq: record.seq,
            pointer: b.pointer,
            detail: `message #${record.seq} has the \`_meta\` key ${JSON.stringify(b.key)} at ${b.pointer}, which is not a valid key name`,
          })),
    );
    make(ALWAYS_ON_RULES.metaKeyNames, 'meta-key-names', bad, 'every `_meta` key the target sent is a valid key name', [
      'a `_meta` key is an optional prefix (dot-separated labels, then "/") and a name that starts and ends with a letter or digit',
    ]);
  }

  // A server cancelling one of our requests, in any scenario (an "acknowledgement" of our own
  // cancellation, or a request the server gave up on): only the requests it issued are its to cancel.
  const listenOnly = compareRevisions(revision, CANCEL_LISTEN_ONLY_FROM) >= 0;
  const cancelRule = listenOnly ? ALWAYS_ON_RULES.cancelListenOnly : ALWAYS_ON_RULES.cancelOwnRequestsOnly;
  if (!input.ruleApplies || input.ruleApplies(cancelRule, revision)) {
    make(
      cancelRule,
      'server-cancellations',
      foreignCancellations(session, listenOnly),
      'no notifications/cancelled from the target named a request of ours in progress',
      [
        listenOnly
          ? 'a server sends notifications/cancelled only to end a subscriptions/listen stream; to refuse or abandon a request, answer it with an error'
          : 'a cancellation names only a request its sender issued; to refuse or abandon a request of the client, answer it with an error',
      ],
    );
  }

  if (input.transport === 'stdio' && input.close) {
    const c = input.close;
    const detail = c.exitedGracefully
      ? `the target exited ${c.ms} ms after its stdin closed`
      : c.escalation === 'none'
        ? 'the target had already exited'
        : `the target did not exit after its stdin closed; the runner had to send ${c.escalation}${
            input.servedCells
              ? ` (the process served ${input.servedCells} cells, this one among them, and any of them may have left it running: --isolate tells which)`
              : ''
          }`;
    const rule = input.ruleRef(ALWAYS_ON_RULES.exitOnStdinClose, revision);
    const ok = c.exitedGracefully || c.escalation === 'none';
    out.push({
      id: 'always/exit-on-stdin-close',
      rule,
      status: ok ? 'passed' : grade(rule),
      message: detail,
      ...(ok ? {} : { hints: ['exit when stdin reaches end-of-file: the client closes stdin to shut the server down'] }),
    });
  }
  return out;
}
