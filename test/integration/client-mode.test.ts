// Client mode end to end: `mcp-conform --client "CMD {command}"` against a correct client and
// against each planted client defect (the exact scenario and rule must catch it). The real SDK
// clients from npm are in client-mode-sdk.test.ts (a file of their own, so that vitest's two
// workers share the load).
import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { Revision } from '../../schema/revisions.js';
import { CLI, ROOT } from './run-cli.js';
import { inPool, runClient as runClientInProcess } from './run-in-process.js';

const MINI = 'test/fixtures/clients/mini-client.mjs';

/** A client run in this process (run-in-process.ts); the CLI is spawned only to test its own refusals. */
function runClient(
  command: string,
  selection: { scenario?: string; revision?: string; scenarios?: string[]; auth?: boolean } = {},
): ReturnType<typeof runClientInProcess> {
  const scenarios = selection.scenarios ?? (selection.scenario ? [selection.scenario] : undefined);
  return runClientInProcess({
    command,
    ...(scenarios ? { scenarios } : {}),
    ...(selection.revision ? { revisions: [selection.revision as Revision] } : {}),
    ...(selection.auth ? { auth: true } : {}),
  });
}

/** Each planted defect and one check it must trip; test/fixtures/clients/README.md mirrors this. */
const DEFECTS = [
  { defect: 'skip-initialize', revision: '2025-06-18', scenario: 'client/initialize-first', rule: 'client.lifecycle.initialize-first', status: 'failed' },
  {
    defect: 'no-initialized',
    revision: '2025-03-26',
    scenario: 'client/initialized-notification',
    rule: 'client.lifecycle.initialized-notification',
    status: 'failed',
  },
  {
    defect: 'no-initialized',
    revision: '2024-11-05',
    scenario: 'client/accepts-offered-version',
    rule: 'client.lifecycle.accepts-older-version',
    status: 'failed',
  },
  { defect: 'reuse-ids', revision: '2025-11-25', scenario: 'client/unique-request-ids', rule: 'client.jsonrpc.unique-request-ids', status: 'failed' },
  { defect: 'ignore-ping', revision: '2025-06-18', scenario: 'client/answers-ping', rule: 'client.ping.answers', status: 'failed' },
  { defect: 'no-cancel', revision: '2025-11-25', scenario: 'client/cancel-on-timeout', rule: 'client.timeouts.cancel-on-timeout', status: 'warning' },
  { defect: 'garbage-line', revision: '2025-06-18', scenario: 'client/initialize-first', rule: 'jsonrpc.message.valid-json-rpc', status: 'failed' },
  { defect: 'mangled-cursor', revision: '2025-11-25', scenario: 'client/cursors-opaque', rule: 'client.pagination.cursor-opaque', status: 'warning' },
  { defect: 'fetches-schema-refs', revision: '2026-07-28', scenario: 'client/schema-ref-not-fetched', rule: 'client.schema.no-remote-ref', status: 'failed' },
  { defect: 'no-meta', revision: '2026-07-28', scenario: 'client/meta-on-every-request', rule: 'client.meta.per-request-fields', status: 'failed' },
  { defect: 'no-meta', revision: '2026-07-28', scenario: 'client/unique-request-ids', rule: 'schema.message.valid', status: 'failed' },
  { defect: 'answer-undeclared', revision: '2025-06-18', scenario: 'client/sampling-request', rule: 'client.sampling.declared', status: 'failed' },
  { defect: 'hang-on-requests', revision: '2025-03-26', scenario: 'client/roots-request', rule: 'jsonrpc.request.answered', status: 'failed' },
  { defect: 'declared-not-found', revision: '2025-11-25', scenario: 'client/roots-request', rule: 'client.roots.declared', status: 'failed' },
  { defect: 'roots-wrong-error', revision: '2024-11-05', scenario: 'client/roots-request', rule: 'client.roots.unsupported-error', status: 'warning' },
  { defect: 'no-input-responses', revision: '2026-07-28', scenario: 'client/mrtr-retry', rule: 'client.mrtr.retry-carries-input', status: 'failed' },
  { defect: 'mangle-state', revision: '2026-07-28', scenario: 'client/mrtr-retry', rule: 'client.mrtr.request-state-echoed', status: 'failed' },
  { defect: 'state-on-list', revision: '2026-07-28', scenario: 'client/mrtr-retry', rule: 'client.mrtr.request-state-echoed', status: 'failed' },
  { defect: 'no-input-responses', revision: '2026-07-28', scenario: 'client/mrtr-rounds', rule: 'client.mrtr.retry-carries-input', status: 'failed' },
  { defect: 'stale-request-state', revision: '2026-07-28', scenario: 'client/mrtr-rounds', rule: 'client.mrtr.request-state-echoed', status: 'failed' },
  { defect: 'retry-same-id', revision: '2026-07-28', scenario: 'client/mrtr-rounds', rule: 'client.mrtr.retry-new-id', status: 'failed' },
  { defect: 'retry-drops-arguments', revision: '2026-07-28', scenario: 'client/mrtr-rounds', rule: 'client.mrtr.retry-same-request', status: 'warning' },
] as const;

/** What the client cancels, and how a modern client meets a legacy server on stdio (a test of their own, to stay well inside its time bound). */
const CANCELLATION_AND_PROBE_DEFECTS = [
  {
    defect: 'cancel-answered',
    revision: '2025-06-18',
    scenario: 'client/cancellation-targets',
    rule: 'client.cancellation.in-progress-only',
    status: 'failed',
  },
  {
    defect: 'cancel-initialize',
    revision: '2024-11-05',
    scenario: 'client/cancellation-targets',
    rule: 'cancellation.initialize.not-cancelled',
    status: 'failed',
  },
  { defect: 'no-probe', revision: '2026-07-28', scenario: 'client/stdio-discover-first', rule: 'client.stdio.discover-first', status: 'warning' },
] as const;

/** Defects of the HTTP side, planted in the same client run with {url}. */
const HTTP_DEFECTS = [
  { defect: 'no-session-id', revision: '2025-03-26', scenario: 'client/http-session-id', rule: 'client.http.session-id', status: 'failed' },
  {
    defect: 'no-version-header',
    revision: '2025-06-18',
    scenario: 'client/http-protocol-version',
    rule: 'client.http.protocol-version-header',
    status: 'failed',
  },
  {
    defect: 'wrong-version-header',
    revision: '2025-11-25',
    scenario: 'client/http-protocol-version',
    rule: 'client.http.protocol-version-negotiated',
    status: 'warning',
  },
  {
    defect: 'no-method-header',
    revision: '2026-07-28',
    scenario: 'client/http-request-headers',
    rule: 'client.http.request-metadata-headers',
    status: 'failed',
  },
  { defect: 'no-reinit', revision: '2025-06-18', scenario: 'client/http-reinitialize-after-404', rule: 'client.http.reinitialize-after-404', status: 'failed' },
  { defect: 'no-resume', revision: '2025-11-25', scenario: 'client/http-resume-stream', rule: 'client.http.resume-after-close', status: 'warning' },
  { defect: 'ignore-retry', revision: '2025-11-25', scenario: 'client/http-resume-stream', rule: 'client.http.respect-retry', status: 'failed' },
  { defect: 'no-accept', revision: '2025-11-25', scenario: 'client/http-accept-header', rule: 'client.http.accept-header', status: 'failed' },
  {
    defect: 'keep-invalid-tools',
    revision: '2026-07-28',
    scenario: 'client/http-invalid-param-header',
    rule: 'client.http.invalid-param-header-tool',
    status: 'failed',
  },
  { defect: 'no-param-headers', revision: '2026-07-28', scenario: 'client/http-param-headers', rule: 'client.http.param-headers', status: 'failed' },
] as const;

/** Each planted authorization defect (test/fixtures/clients/README.md) and the check it must trip over {url}. */
const AUTH_DEFECTS = [
  {
    defect: 'auth-ignore-header',
    revision: '2025-06-18',
    scenario: 'client/auth-authorization-code',
    rule: 'client.auth.resource-metadata-from-header',
    status: 'failed',
  },
  {
    defect: 'auth-root-first',
    revision: '2025-11-25',
    scenario: 'client/auth-well-known-root',
    rule: 'client.auth.resource-metadata-well-known',
    status: 'failed',
  },
  { defect: 'auth-skip-metadata', revision: '2025-03-26', scenario: 'client/auth-2025-03-26-metadata', rule: 'client.auth.server-metadata', status: 'failed' },
  { defect: 'auth-skip-metadata', revision: '2025-11-25', scenario: 'client/auth-well-known-path', rule: 'client.auth.server-metadata', status: 'failed' },
  {
    defect: 'auth-no-defaults',
    revision: '2025-03-26',
    scenario: 'client/auth-2025-03-26-default-endpoints',
    rule: 'client.auth.default-endpoints',
    status: 'failed',
  },
  { defect: 'auth-no-pkce', revision: '2025-06-18', scenario: 'client/auth-authorization-code', rule: 'client.auth.pkce', status: 'failed' },
  { defect: 'auth-wrong-verifier', revision: '2025-03-26', scenario: 'client/auth-2025-03-26-metadata', rule: 'client.auth.pkce', status: 'failed' },
  { defect: 'auth-plain-pkce', revision: '2025-11-25', scenario: 'client/auth-authorization-code', rule: 'client.auth.pkce-s256', status: 'failed' },
  { defect: 'auth-no-resource', revision: '2026-07-28', scenario: 'client/auth-authorization-code', rule: 'client.auth.resource-parameter', status: 'failed' },
  { defect: 'auth-drop-bearer', revision: '2025-06-18', scenario: 'client/auth-authorization-code', rule: 'client.auth.bearer-header', status: 'failed' },
  {
    defect: 'auth-token-in-query',
    revision: '2025-11-25',
    scenario: 'client/auth-authorization-code',
    rule: 'client.auth.token-not-in-query',
    status: 'failed',
  },
  { defect: 'auth-wrong-scope', revision: '2025-11-25', scenario: 'client/auth-authorization-code', rule: 'client.auth.scope-selection', status: 'warning' },
  { defect: 'auth-wrong-scope', revision: '2026-07-28', scenario: 'client/auth-well-known-root', rule: 'client.auth.scope-selection', status: 'warning' },
] as const;

type Defect = (typeof DEFECTS)[number] | (typeof CANCELLATION_AND_PROBE_DEFECTS)[number] | (typeof HTTP_DEFECTS)[number] | (typeof AUTH_DEFECTS)[number];

/**
 * Runs each defect in its own cell, four at a time (a new one starts as soon as one ends); returns
 * the table with the status its rule's check actually got.
 */
async function plantAll(defects: readonly Defect[], placeholder: string, auth = false) {
  const runs = await inPool(
    4,
    defects.map((d) => () => runClient(`node ${MINI} --defect ${d.defect} ${placeholder}`, { scenario: d.scenario, revision: d.revision, auth })),
  );
  return runs.map((run, i) => {
    const d = defects[i]!;
    const cell = run.report.scenarios.find((s) => s.id === d.scenario && s.revision === d.revision);
    return { ...d, status: cell?.checks.find((c) => c.rule === d.rule && c.status !== 'passed' && c.status !== 'skipped')?.status };
  });
}

/** Cells skipped only because they judge HTTP-level duties and the client was given {command}. */
const httpOnly = (s: { status: string; skipReason?: string }) => s.status === 'skipped' && /HTTP-level duties/.test(s.skipReason ?? '');
/** Cells skipped only because they judge stdio and the client was given {url}. */
const stdioOnly = (s: { status: string; skipReason?: string }) => s.status === 'skipped' && /judges stdio only/.test(s.skipReason ?? '');

/** Cells skipped because the client did not attempt authorization (OPTIONAL for clients) and --auth was not given. */
const authNotAttempted = (s: { status: string; skipReason?: string }) =>
  s.status === 'skipped' && /the client did not attempt authorization/.test(s.skipReason ?? '');

describe('mcp-conform --client', () => {
  it.each(['{command}', '{url}'])(
    'a correct client passes every client scenario at every revision (%s)',
    async (placeholder) => {
      // Over {url} with --auth, so that this one run also proves that --auth judges a correct OAuth
      // client and it passes (that a client attempting OAuth is judged without --auth is proved by
      // the auth-no-pkce run below).
      const { code, report } = await runClient(`node ${MINI} ${placeholder}`, { auth: placeholder === '{url}' });
      expect(report.scenarios.filter((s) => s.status !== 'passed' && !(placeholder === '{command}' ? httpOnly(s) : stdioOnly(s)))).toEqual([]);
      if (placeholder === '{url}') expect(report.scenarios.filter((s) => s.id.startsWith('client/auth-')).every((s) => s.status === 'passed')).toBe(true);
      if (placeholder === '{url}') {
        // The headers the HTTP checks judge are in the transcript, the evidence a reader checks a verdict with.
        const cell = report.scenarios.find((s) => s.id === 'client/http-param-headers' && s.revision === '2026-07-28');
        const notes = (cell?.transcript ?? []).map((t) => t.text ?? '').filter((text) => text.startsWith('HTTP POST from the client'));
        expect(notes.some((text) => /accept: .*text\/event-stream/.test(text) && /mcp-name: /.test(text) && /mcp-param-[a-z-]+: /.test(text))).toBe(true);
      }
      expect(report.summary.passed).toBeGreaterThanOrEqual(40);
      expect(report.summary.warnings).toBe(0);
      expect(code).toBe(0);
    },
    300_000,
  );

  it('each planted client defect is caught by its scenario and rule', async () => {
    expect(await plantAll(DEFECTS, '{command}')).toEqual(DEFECTS);
  }, 120_000);

  it('each planted cancellation and version-probe defect is caught by its scenario and rule', async () => {
    expect(await plantAll(CANCELLATION_AND_PROBE_DEFECTS, '{command}')).toEqual(CANCELLATION_AND_PROBE_DEFECTS);
  }, 120_000);

  it('without --auth, a client that does not attempt OAuth is skipped with that reason; one that does is judged', async () => {
    const scenario = { scenario: 'client/auth-authorization-code', revision: '2025-11-25' };
    const [none, noneAsked, broken, fallback, fallback2025] = await Promise.all([
      runClient(`node ${MINI} --defect no-oauth {url}`, scenario),
      runClient(`node ${MINI} --defect no-oauth {url}`, { ...scenario, auth: true }),
      runClient(`node ${MINI} --defect auth-no-pkce {url}`, scenario),
      // A fallback to the legacy HTTP+SSE transport (GET of the URL, then GET /sse answered 404) is
      // not an OAuth attempt, also where the authorization server shares the MCP server's origin.
      runClient(`node ${MINI} --defect no-oauth-sse-fallback {url}`, scenario),
      runClient(`node ${MINI} --defect no-oauth-sse-fallback {url}`, { scenario: 'client/auth-2025-03-26-default-endpoints', revision: '2025-03-26' }),
    ]);
    expect(none.report.scenarios.every(authNotAttempted)).toBe(true);
    expect(none.code).toBe(0);
    for (const run of [fallback, fallback2025]) {
      expect(run.report.scenarios.map((s) => s.id)).toHaveLength(1);
      expect(run.report.scenarios.every(authNotAttempted)).toBe(true);
      expect(run.code).toBe(0);
    }
    // --auth judges it anyway: it never fetched the metadata it was pointed to.
    expect(noneAsked.report.scenarios[0]?.checks.find((c) => c.rule === 'client.auth.resource-metadata-from-header')?.status).toBe('failed');
    expect(broken.report.scenarios[0]?.checks.find((c) => c.rule === 'client.auth.pkce')?.status).toBe('failed');
    expect(broken.code).toBe(1);
  }, 120_000);

  it('a cancellation still in flight as the client exits is judged as sent (cancel-then-exit over {url})', async () => {
    const { code, report } = await runClient(`node ${MINI} --defect cancel-then-exit {url}`, { scenario: 'client/cancel-on-timeout', revision: '2025-11-25' });
    expect(report.scenarios.map((s) => `${s.id} ${s.status}`)).toEqual(['client/cancel-on-timeout passed']);
    expect(code).toBe(0);
  }, 120_000);

  it("a correct client program that leaves the scenario's step undone is skipped with the reason, never failed or warned", async () => {
    const [empty, planted, listOnly, listOnlyStdio] = await Promise.all([
      // Calling the annotated tool with {} owes no Mcp-Param-* header; the planted defect beside it still fails.
      runClient(`node ${MINI} --defect empty-arguments {url}`, { scenario: 'client/http-param-headers', revision: '2026-07-28' }),
      runClient(`node ${MINI} --defect no-param-headers {url}`, { scenario: 'client/http-param-headers', revision: '2026-07-28' }),
      runClient(`node ${MINI} --defect list-only {url}`, {
        scenarios: ['client/http-param-headers', 'client/http-invalid-param-header', 'client/cancel-on-timeout', 'client/roots-request', 'client/mrtr-retry'],
      }),
      runClient(`node ${MINI} --defect list-only {command}`, {
        scenarios: ['client/cancel-on-timeout', 'client/cancellation-targets'],
        revision: '2025-06-18',
      }),
    ]);
    for (const run of [empty, listOnly, listOnlyStdio]) {
      expect(run.report.scenarios.filter((s) => s.status !== 'skipped').map((s) => `${s.id} ${s.revision} ${s.status}`)).toEqual([]);
      expect(run.report.summary.warnings).toBe(0);
      expect(run.code).toBe(0);
    }
    expect(empty.report.scenarios[0]?.skipReason).toMatch(
      /did not do what this scenario needs .*calls-with-defaults|call the tool with its arguments' defaults/,
    );
    expect(empty.report.scenarios[0]?.checks.find((c) => c.id.endsWith('#param-headers'))?.message).toMatch(/no Mcp-Param-\* header was due/);
    expect(listOnly.report.scenarios.find((s) => s.id === 'client/cancel-on-timeout')?.skipReason).toMatch(/call the stalling tool/);
    expect(planted.report.scenarios[0]?.checks.find((c) => c.rule === 'client.http.param-headers' && c.id.endsWith('#param-headers'))?.status).toBe('failed');
  }, 120_000);

  it("a scenario's wait for the client's answer lengthens to the user's --timeout, never shortens it", async () => {
    const command = `node ${MINI} --defect slow-ping {command}`;
    const [bounded, raised] = await Promise.all([
      runClientInProcess({ command, scenarios: ['client/answers-ping'], revisions: ['2025-06-18'] }),
      runClientInProcess({ command, scenarios: ['client/answers-ping'], revisions: ['2025-06-18'], timeoutMs: 6000 }),
    ]);
    // The scenario waits 2 s for the ping's answer: a 2.5 s answer misses it unless --timeout is larger.
    expect(bounded.report.scenarios[0]?.checks.find((c) => c.rule === 'client.ping.answers')?.status).toBe('failed');
    expect(raised.report.scenarios.map((s) => `${s.id} ${s.status}`)).toEqual(['client/answers-ping passed']);
  }, 120_000);

  it("a cell cut by the client's time bound is skipped with that reason, not judged on what the client had not sent yet", async () => {
    const { code, report } = await runClientInProcess({ command: `node ${MINI} {command}`, suiteDirs: ['test/fixtures/scenarios-client'] });
    expect(report.scenarios.map((s) => `${s.id} ${s.status}`)).toEqual(['client/cut-by-bound skipped']);
    expect(report.scenarios[0]?.skipReason).toMatch(/^the client was stopped after 1500 ms \(its time bound\); no message of the client matched/);
    expect(report.summary.warnings).toBe(0);
    expect(code).toBe(0);
  }, 60_000);

  it('each planted HTTP-level client defect is caught by its scenario and rule over {url}', async () => {
    expect(await plantAll(HTTP_DEFECTS, '{url}')).toEqual(HTTP_DEFECTS);
  }, 120_000);

  it('each planted authorization defect is caught by its scenario and rule over {url}', async () => {
    expect(await plantAll(AUTH_DEFECTS, '{url}', true)).toEqual(AUTH_DEFECTS);
  }, 300_000);

  it.each([
    ['no placeholder', ['--client', 'node client.js'], /neither \{command\} nor \{url\}/],
    ['both placeholders', ['--client', 'node client.js {command} {url}'], /both \{command\} and \{url\}/],
    ['both roles', ['--client', 'node c.js {command}', '--server', 'node s.js'], /exclude each other/],
  ])('refuses a bad --client (%s) with exit 2', async (_name, args, message) => {
    const result = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(process.execPath, [CLI, ...args], { cwd: ROOT }, (err, _o, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? -1) : 0, stderr }),
      );
    });
    expect(result.stderr).toMatch(message);
    expect(result.code).toBe(2);
  });
});
