// Proves the suites/authorization scenarios against the protected-http-server fixture, which trusts
// the mock authorization server the runner starts (--auth-mock): the clean fixture passes every
// scenario, each planted defect makes the exact scenario, rule and verdict below come out, and a
// run without authorization flags skips every authorization cell with the reason.
// Runs are independent, so each describe runs its tests at once; they run in this process
// (runServerAuthorized: the CLI's own --auth-mock code) except where the command line is the point.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type DefectRow, scenarioIdsOf } from './defect-rows.js';
import type { ConformanceOptions } from '../../api/index.js';
import type { Revision } from '../../schema/revisions.js';
import { ROOT, type Report, removeCliScratch, runCli as runCliWithReport } from './run-cli.js';
import { runServer, runServerAuthorized } from './run-in-process.js';

const FIXTURE = 'test/fixtures/targets/protected-http-server.mjs';
// No authorization scenario waits out a silence, so a passing run never waits this long; a loaded
// machine (the fixture, its mock issuer and five runs at once) once took over 3 s to answer a probe.
const TIMEOUT_MS = 10_000;

/** One row per check a defect must trip; README.md in the fixture folder mirrors this table. */
const ROWS: DefectRow[] = [
  { defect: 'no-auth', revision: '2025-03-26', scenario: 'authorization/missing-token', rule: 'authorization.token.missing-401', status: 'failed' },
  { defect: 'no-auth', revision: '2026-07-28', scenario: 'authorization/missing-token', rule: 'authorization.token.missing-401', status: 'failed' },
  { defect: 'session-auth', revision: '2025-11-25', scenario: 'authorization/missing-token', rule: 'authorization.token.missing-401', status: 'failed' },
  { defect: 'missing-token-403', revision: '2025-06-18', scenario: 'authorization/missing-token', rule: 'authorization.token.missing-401', status: 'failed' },
  { defect: 'no-challenge', revision: '2025-03-26', scenario: 'authorization/missing-token', rule: 'authorization.challenge.bearer', status: 'failed' },
  { defect: 'no-challenge', revision: '2026-07-28', scenario: 'authorization/invalid-token', rule: 'authorization.challenge.bearer', status: 'failed' },
  {
    defect: 'challenge-no-metadata',
    revision: '2025-06-18',
    scenario: 'authorization/protected-resource-metadata',
    rule: 'authorization.challenge.resource-metadata',
    status: 'failed',
  },
  {
    defect: 'challenge-no-metadata',
    revision: '2025-11-25',
    scenario: 'authorization/protected-resource-metadata',
    rule: 'authorization.metadata.discoverable',
    status: 'failed',
  },
  {
    defect: 'challenge-no-metadata-well-known',
    revision: '2025-06-18',
    scenario: 'authorization/protected-resource-metadata',
    rule: 'authorization.challenge.resource-metadata',
    status: 'failed',
  },
  {
    defect: 'metadata-no-authorization-servers',
    revision: '2026-07-28',
    scenario: 'authorization/protected-resource-metadata',
    rule: 'authorization.metadata.authorization-servers',
    status: 'failed',
  },
  {
    defect: 'metadata-other-resource',
    revision: '2025-11-25',
    scenario: 'authorization/protected-resource-metadata',
    rule: 'authorization.metadata.resource',
    status: 'failed',
  },
  { defect: 'accepts-any-token', revision: '2025-03-26', scenario: 'authorization/invalid-token', rule: 'authorization.token.invalid-401', status: 'failed' },
  { defect: 'accepts-expired', revision: '2026-07-28', scenario: 'authorization/invalid-token', rule: 'authorization.token.invalid-401', status: 'failed' },
  { defect: 'ignores-audience', revision: '2025-06-18', scenario: 'authorization/token-audience', rule: 'authorization.token.audience', status: 'failed' },
  {
    defect: 'advertises-offline-access',
    revision: '2026-07-28',
    scenario: 'authorization/protected-resource-metadata',
    rule: 'authorization.scope.no-offline-access',
    status: 'warning',
  },
  {
    defect: 'insufficient-scope-401',
    revision: '2025-03-26',
    scenario: 'authorization/insufficient-scope',
    rule: 'authorization.scope.insufficient-403',
    status: 'warning',
  },
  {
    defect: 'insufficient-scope-bare-403',
    revision: '2025-11-25',
    scenario: 'authorization/insufficient-scope',
    rule: 'authorization.scope.insufficient-challenge',
    status: 'warning',
  },
];

const runCli = (args: string[]) => runCliWithReport([...args, '--timeout', String(TIMEOUT_MS)], { timeoutMs: 120_000 });
afterAll(removeCliScratch);

const fixture = (flags = '') => ['--server', `node ${FIXTURE}${flags}`, '--port-env', 'PORT', '--auth-mock', '0'];
const scenarios = () => scenarioIdsOf('authorization');
/** `--server "node FIXTURE flags" --port-env PORT --auth-mock 0` with the selection, in this process. */
const mocked = (command: string, selection: Omit<ConformanceOptions, 'target'>) =>
  runServerAuthorized({ target: { command, portEnv: 'PORT' }, timeoutMs: TIMEOUT_MS, ...selection }, { mock: true });

describe.concurrent('suites/authorization versus the protected-http-server fixture', () => {
  it('has every authorization scenario failed by some defect, and every defect used', async () => {
    const failed = new Set(ROWS.map((r) => r.scenario));
    expect(scenarios().filter((id) => !failed.has(id))).toEqual([]);
    const offered = await new Promise<string[]>((resolve, reject) =>
      execFile(process.execPath, [join(ROOT, FIXTURE), '--list-defects'], (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout) as string[]))),
    );
    expect([...new Set(ROWS.map((r) => r.defect))].sort()).toEqual([...offered].sort());
  });

  it('passes every authorization scenario on the clean fixture at every revision it covers', { timeout: 120_000 }, async () => {
    const { code, stderr, report } = await runCli([...fixture(), '--area', 'authorization']);
    expect(report, stderr).toBeDefined();
    expect(stderr).toMatch(/mock authorization server at http:\/\/127\.0\.0\.1:\d+/);
    const notPassed = report!.scenarios
      .filter((s) => s.status !== 'passed' && !s.skipReason?.startsWith('not applicable to revision'))
      .map((s) => `${s.id} @ ${s.revision}: ${s.status} ${s.skipReason ?? ''}`);
    expect(notPassed).toEqual([]);
    expect(new Set(report!.scenarios.filter((s) => s.status === 'passed').map((s) => s.id))).toEqual(new Set(scenarios()));
    expect(code, stderr).toBe(0);
  });

  for (const row of ROWS) {
    it(`${row.defect}: ${row.scenario} @ ${row.revision} → ${row.rule} ${row.status}`, { timeout: 60_000 }, async () => {
      const { code, report } = await mocked(`node ${FIXTURE} --defect ${row.defect}`, { scenarios: [row.scenario], revisions: [row.revision as Revision] });
      const cell = report.scenarios.find((s) => s.id === row.scenario && s.revision === row.revision);
      // A probe that timed out (a loaded machine) ends the run without cells: say so.
      expect(cell, `no cell for ${row.scenario} @ ${row.revision}: ${report.endReason ?? ''} ${report.fatal ?? ''}`).toBeDefined();
      const hits = cell!.checks.filter((c) => c.rule === row.rule && c.status === row.status);
      expect(hits.length, JSON.stringify(cell!.checks, null, 2)).toBeGreaterThan(0);
      expect(code).toBe(row.status === 'failed' ? 1 : 0);
    });
  }

  it('accepts from 2025-11-25 on metadata found at the well-known URI without resource_metadata in the challenge', { timeout: 60_000 }, async () => {
    const { report } = await mocked(`node ${FIXTURE} --defect challenge-no-metadata-well-known`, {
      scenarios: ['authorization/protected-resource-metadata'],
      revisions: ['2025-11-25', '2026-07-28'],
    });
    expect(report.scenarios.map((s) => `${s.revision}: ${s.status}`)).toEqual(['2025-11-25: passed', '2026-07-28: passed']);
  });

  it('skips the insufficient-scope checks, with the reason, on a server that requires no scope', { timeout: 60_000 }, async () => {
    const { code, report } = await mocked(`node ${FIXTURE} --scope-optional`, { scenarios: ['authorization/insufficient-scope'], revisions: ['2025-11-25'] });
    const cell = report.scenarios[0]!;
    expect(cell.status).toBe('skipped');
    expect(cell.skipReason).toMatch(/served a token without any scope/);
    expect(cell.checks.filter((c) => !c.rule.startsWith('authorization.')).every((c) => c.status === 'passed')).toBe(true);
    expect(code).toBe(0);
  });
});

describe.concurrent('authorization is opt-in', () => {
  it('skips every authorization cell of a server run without --auth-token or --auth-mock, saying how to opt in', { timeout: 60_000 }, async () => {
    const { code, report } = await runServer({
      target: { command: 'node dist/mocks/reference/http-main.js', portEnv: 'PORT' },
      areas: ['authorization'],
      revisions: ['2025-11-25'],
      timeoutMs: TIMEOUT_MS,
    });
    expect(report.scenarios.map((s) => [s.status, s.skipReason])).toEqual(
      scenarios().map(() => ['skipped', expect.stringMatching(/^authorization not requested: pass --auth-token TOKEN .* or --auth-mock PORT/)]),
    );
    expect(code).toBe(0);
  });

  it('with --auth-token alone judges what one token can show and skips the minted-token checks with the reason', { timeout: 60_000 }, async () => {
    const { code, report } = await runServerAuthorized(
      {
        target: { command: `node ${FIXTURE} --static-token mcp-conform-static-7a`, portEnv: 'PORT' },
        areas: ['authorization'],
        revisions: ['2025-11-25'],
        timeoutMs: TIMEOUT_MS,
      },
      { token: 'mcp-conform-static-7a' },
    );
    const byId = Object.fromEntries(report.scenarios.map((s) => [s.id, s.status]));
    expect(byId).toEqual({
      'authorization/insufficient-scope': 'skipped',
      'authorization/invalid-token': 'passed',
      'authorization/missing-token': 'passed',
      'authorization/protected-resource-metadata': 'passed',
      'authorization/token-audience': 'skipped',
    });
    expect(report.scenarios.find((s) => s.id === 'authorization/token-audience')!.skipReason).toMatch(/needs --auth-mock PORT/);
    expect(code).toBe(0);
  });

  it('refuses --auth-token with --auth-mock, and authorization flags without an HTTP target', { timeout: 30_000 }, async () => {
    const both = await runCli(['--url', 'http://127.0.0.1:9/mcp', '--auth-token', 't', '--auth-mock', '0']);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--auth-token and --auth-mock both give the run its tokens/);
    const stdio = await runCli(['--auth-token', 't']);
    expect(stdio.code).toBe(2);
    expect(stdio.stderr).toMatch(/Authorization applies to Streamable HTTP servers/);
  });
});

/**
 * Real SDK servers protected with the SDKs' own middleware (our introspection verifier, scope `mcp`
 * required): what suites/authorization finds, pinned so that a change on either side shows. Both
 * leave the audience unchecked unless the application sets the optional `expectedResource`, which
 * accepts tokens issued for another server (MUST since 2025-06-18); with it, everything passes.
 */
describe.concurrent("suites/authorization versus the SDKs' bearer-auth middleware", () => {
  const run = (fixture: string, strict: boolean) => mocked(`node test/fixtures/targets/${fixture}${strict ? ' --strict' : ''}`, { areas: ['authorization'] });
  const findingsOf = (report: Report) =>
    report.scenarios
      .flatMap((s) => s.checks.filter((c) => c.status === 'failed' || c.status === 'warning').map((c) => `${s.id} @ ${s.revision}: ${c.rule} ${c.status}`))
      .sort();

  it('@modelcontextprotocol/sdk 1.x (requireBearerAuth): tokens for another audience accepted by default', { timeout: 120_000 }, async () => {
    const [plain, strict] = await Promise.all([run('sdk-protected-http-server.mjs', false), run('sdk-protected-http-server.mjs', true)]);
    expect(findingsOf(plain.report)).toEqual([
      'authorization/token-audience @ 2025-06-18: authorization.token.audience failed',
      'authorization/token-audience @ 2025-11-25: authorization.token.audience failed',
    ]);
    expect(findingsOf(strict.report)).toEqual([]);
    expect(strict.report.scenarios.filter((s) => s.status === 'passed').length).toBe(13);
  });

  it('@modelcontextprotocol/server 2.x (requireBearerAuth gate): the same, at 2026-07-28 too', { timeout: 120_000 }, async () => {
    const [plain, strict] = await Promise.all([run('sdk2-protected-http-server.mjs', false), run('sdk2-protected-http-server.mjs', true)]);
    expect(findingsOf(plain.report)).toEqual([
      'authorization/token-audience @ 2025-06-18: authorization.token.audience failed',
      'authorization/token-audience @ 2025-11-25: authorization.token.audience failed',
      'authorization/token-audience @ 2026-07-28: authorization.token.audience failed',
    ]);
    expect(findingsOf(strict.report)).toEqual([]);
    expect(strict.report.scenarios.filter((s) => s.status === 'passed').length).toBe(18);
  });
});
