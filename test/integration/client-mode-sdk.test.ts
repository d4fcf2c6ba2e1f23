// Client mode against the real TypeScript SDK clients from npm (1.x: stateful revisions; 2.x: every
// revision), over stdio ({command}) and Streamable HTTP ({url}): they pass but for their real
// violations, which are pinned. Split from client-mode.test.ts so that vitest's workers share the load.
import { describe, expect, it } from 'vitest';
import { fixtureCommand } from './fixture-command.js';
import { runClient } from './run-in-process.js';

// The bulk runs the example clients' bundled copies (fixture-command.ts: the same code in one file,
// about 0.13 to 0.17 s less CPU per client process, of which these runs start some 280); the run
// without --revision below and client-auth.test.ts run the files as written, as users run them.
const SDK1 = fixtureCommand('examples/clients/sdk-client.mjs', '{command}');
const SDK2 = fixtureCommand('examples/clients/sdk2-client.mjs', '{command}');

/** Cells skipped only because they judge HTTP-level duties and the client was given {command}. */
const httpOnly = (s: { status: string; skipReason?: string }) => s.status === 'skipped' && /HTTP-level duties/.test(s.skipReason ?? '');

/** The real violations the SDK clients show over HTTP (README, "Testing a client"). */
const SDK_HTTP_FAILURES = [
  'client/http-reinitialize-after-404 2025-03-26',
  'client/http-reinitialize-after-404 2025-06-18',
  'client/http-reinitialize-after-404 2025-11-25',
];

// Over stdio every scenario at the oldest and newest revision of each era the client speaks,
// through the SDK's stdio transport and our relay; the HTTP runs below take every revision. A
// client process per cell is the cost (about 0.4 s of CPU each).
const SDK1_STDIO: ('2024-11-05' | '2025-11-25')[] = ['2024-11-05', '2025-11-25'];
/**
 * As a user on a busy CI runner would run them: a larger --timeout (which lengthens the scenarios'
 * waits for the client's answers) and a re-run alone of a failed cell, so that a cell that fails
 * only under load reads `flaky` (passed alone), not failed. A steady failure is confirmed.
 */
const UNDER_LOAD = { timeoutMs: 8000, retries: 1 } as const;
/** A cell that passed, or passed when re-run alone. */
const passedAlone = (s: { status: string }) => s.status === 'passed' || s.status === 'flaky';

describe('mcp-conform --client versus the TypeScript SDK clients', () => {
  it('the TypeScript SDK 1.x client passes at its revisions and is skipped where it speaks none', async () => {
    const [{ code, report }, unnamed] = await Promise.all([
      runClient({ command: SDK1, revisions: SDK1_STDIO, ...UNDER_LOAD }),
      // Without --revision, 2026-07-28 is skipped for a client that does not take it up (naming it would judge it).
      runClient({
        command: 'node examples/clients/sdk-client.mjs {command}',
        scenarios: ['client/answers-ping', 'client/meta-on-every-request'],
        ...UNDER_LOAD,
      }),
    ]);
    expect(report.scenarios.filter((s) => !passedAlone(s) && !httpOnly(s)).map((s) => `${s.id} ${s.revision} ${s.status}`)).toEqual([]);
    expect(report.summary.passed).toBeGreaterThanOrEqual(10);
    expect(code).toBe(0);
    const notPassed = unnamed.report.scenarios.filter((s) => !passedAlone(s));
    expect(notPassed.length).toBeGreaterThan(0);
    expect(notPassed.every((s) => s.status === 'skipped' && s.revision === '2026-07-28' && /does not speak 2026-07-28/.test(s.skipReason ?? ''))).toBe(true);
    expect(unnamed.code).toBe(0);
  }, 120_000);

  it('the TypeScript SDK 2.x client passes at both eras, 2026-07-28 included', async () => {
    const { code, report } = await runClient({ command: SDK2, revisions: [...SDK1_STDIO, '2026-07-28'], ...UNDER_LOAD });
    expect(report.scenarios.filter((s) => !passedAlone(s) && !httpOnly(s)).map((s) => `${s.id} ${s.revision} ${s.status}`)).toEqual([]);
    expect(report.scenarios.some((s) => s.revision === '2026-07-28' && s.status === 'passed')).toBe(true);
    expect(code).toBe(0);
  }, 120_000);

  it('serves the mocks over Streamable HTTP for {url}: the SDK clients pass but for their real violations', async () => {
    const [v1, v2] = await Promise.all([
      runClient({ command: fixtureCommand('examples/clients/sdk-client.mjs', '{url}'), ...UNDER_LOAD }),
      runClient({ command: fixtureCommand('examples/clients/sdk2-client.mjs', '{url}'), ...UNDER_LOAD }),
    ]);
    for (const run of [v1, v2]) {
      expect(run.report.scenarios.filter((s) => s.status === 'failed' || s.status === 'errored').map((s) => `${s.id} ${s.revision}`)).toEqual(
        SDK_HTTP_FAILURES,
      );
      expect(run.code).toBe(1);
      expect(run.report.scenarios.every((s) => s.status === 'skipped' || s.checks.length > 0)).toBe(true);
      // The SDKs send the cancellation of a timed-out call without awaiting it; the example host
      // lets it go out before closing (examples/clients/settle-sends.mjs), so it is judged as sent.
      expect(
        run.report.scenarios.filter((s) => s.id === 'client/cancel-on-timeout').map((s) => `${s.revision} ${passedAlone(s) ? 'passed' : s.status}`),
      ).toEqual(['2025-03-26 passed', '2025-06-18 passed', '2025-11-25 passed']);
    }
    expect(v1.report.scenarios.filter((s) => s.status === 'passed').length).toBeGreaterThanOrEqual(20);
    expect(v2.report.scenarios.some((s) => s.revision === '2026-07-28' && s.status === 'passed')).toBe(true);
  }, 480_000);
});
