// A failed or errored cell is re-run once alone before its verdict is final (runner/engine/rerun.ts).
// Proved on planted defects: one that misbehaves only the first time in a run (a marker file shared
// by the run's processes) gives a `flaky` cell with both attempts, which does not fail the run
// unless asked; one that misbehaves every time stays `failed` on its rule after its re-run. Server
// mode (mini-server) and client mode (mini-client) go through the same queue.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createReportValidators } from '../../schema/report/index.js';
import { removeCliScratch, runCli, type Report } from './run-cli.js';
import { runClient, runServer } from './run-in-process.js';

const MINI_SERVER = 'node test/fixtures/targets/mini-server.mjs';
const MINI_CLIENT = 'node test/fixtures/clients/mini-client.mjs';
const scratch = mkdtempSync(join(tmpdir(), 'mcp-conform-flaky-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  removeCliScratch();
});
let markers = 0;
/** A fresh marker file: the `-once` defects misbehave until it exists. */
const marker = () => join(scratch, `once-${++markers}`);

interface Attempt {
  status: string;
  checks?: { rule: string; status: string }[];
  transcript?: unknown[];
}
type Cell = Report['scenarios'][number] & { rerun?: { first: string; attempts: Attempt[] } };

const cellOf = (report: Report, id: string): Cell => {
  const cell = report.scenarios.find((s) => s.id === id);
  if (!cell) throw new Error(`no cell ${id} in the report`);
  return cell as Cell;
};
const failedRules = (checks: readonly { rule: string; status: string }[] = []) => checks.filter((c) => c.status === 'failed').map((c) => c.rule);
const validators = createReportValidators();

describe('a failed or errored cell is re-run alone before its verdict is final', () => {
  // The runner's own requests (probe, barriers between cells) never name an unknown method.
  const unknown = { scenarios: ['jsonrpc/method-not-found'], revisions: ['2026-07-28' as const] };

  it('server mode: a defect seen only on the first attempt makes the cell flaky, with both attempts, and the run passes', async () => {
    const { code, report } = await runServer({
      target: { command: `${MINI_SERVER} --defect unknown-method-result-once`, env: { MINI_SERVER_ONCE_FILE: marker() } },
      ...unknown,
      retries: 1,
    });
    const cell = cellOf(report, 'jsonrpc/method-not-found');
    expect(cell.status).toBe('flaky');
    expect(failedRules(cell.checks)).toContain('jsonrpc.response.error-on-failure');
    expect(cell.rerun?.first).toBe('failed');
    expect(cell.rerun?.attempts.map((a) => a.status)).toEqual(['passed']);
    // The re-run's own exchange is kept beside the first attempt's.
    expect(cell.rerun?.attempts[0]?.transcript?.length).toBeGreaterThan(0);
    expect(cell.transcript?.length).toBeGreaterThan(0);
    expect(report.summary).toMatchObject({ failed: 0, errored: 0, flaky: 1 });
    expect(code).toBe(0);
    expect(validators.validateReport(report)).toEqual([]);
  }, 60_000);

  it('server mode: --fail-on-flaky makes the flaky cell fail the run; --retries 0 leaves the first verdict', async () => {
    const strict = await runServer({
      target: { command: `${MINI_SERVER} --defect unknown-method-result-once`, env: { MINI_SERVER_ONCE_FILE: marker() } },
      ...unknown,
      retries: 1,
      failOnFlaky: true,
    });
    expect(cellOf(strict.report, 'jsonrpc/method-not-found').status).toBe('flaky');
    expect(strict.code).toBe(1);
    const once = await runServer({
      target: { command: `${MINI_SERVER} --defect unknown-method-result-once`, env: { MINI_SERVER_ONCE_FILE: marker() } },
      ...unknown,
      retries: 0,
    });
    const cell = cellOf(once.report, 'jsonrpc/method-not-found');
    expect(cell.status).toBe('failed');
    expect(cell.rerun).toBeUndefined();
    expect(once.code).toBe(1);
  }, 60_000);

  it('server mode: a defect seen every time stays failed on its rule after its re-run', async () => {
    const { code, report } = await runServer({ target: { command: `${MINI_SERVER} --defect unknown-method-result` }, ...unknown, retries: 1 });
    const cell = cellOf(report, 'jsonrpc/method-not-found');
    expect(cell.status).toBe('failed');
    expect(failedRules(cell.checks)).toContain('jsonrpc.response.error-on-failure');
    // A confirmation is one line: the first attempt's transcript is the cell's, the re-run keeps none.
    expect(cell.rerun).toEqual({ first: 'failed', attempts: [{ status: 'failed', durationMs: expect.any(Number) }] });
    expect(report.summary).toMatchObject({ failed: 1, flaky: 0 });
    expect(code).toBe(1);
  }, 60_000);

  it('client mode: a client that misbehaves only on its first run is flaky; one that always does stays failed', async () => {
    const selection = { scenarios: ['client/answers-ping'], revisions: ['2025-06-18' as const], retries: 1 };
    const flaky = await runClient({ command: `${MINI_CLIENT} --defect ignore-ping-once {command}`, env: { MINI_CLIENT_ONCE_FILE: marker() }, ...selection });
    const cell = cellOf(flaky.report, 'client/answers-ping');
    expect(cell.status).toBe('flaky');
    expect(failedRules(cell.checks)).toEqual(['client.ping.answers']);
    expect(cell.rerun?.attempts.map((a) => a.status)).toEqual(['passed']);
    expect(flaky.code).toBe(0);
    expect(validators.validateReport(flaky.report)).toEqual([]);

    const steady = await runClient({ command: `${MINI_CLIENT} --defect ignore-ping {command}`, ...selection });
    const failed = cellOf(steady.report, 'client/answers-ping');
    expect(failed.status).toBe('failed');
    expect(failedRules(failed.checks)).toEqual(['client.ping.answers']);
    expect(failed.rerun?.attempts.map((a) => a.status)).toEqual(['failed']);
    expect(steady.code).toBe(1);
  }, 90_000);

  it('the command line: --retries and --fail-on-flaky, and the console names the flaky cell and what its re-run cost', async () => {
    const args = (file: string) => [
      '--server',
      `${MINI_SERVER} --defect unknown-method-result-once`,
      '--env',
      `MINI_SERVER_ONCE_FILE=${file}`,
      '--scenario',
      'jsonrpc/method-not-found',
      '--revision',
      '2026-07-28',
    ];
    const plain = await runCli([...args(marker()), '--retries', '1'], { timeoutMs: 60_000 });
    expect(plain.stdout).toMatch(/~ jsonrpc\/method-not-found \[2026-07-28\] .*\(flaky: failed, then passed when re-run alone\)/);
    expect(plain.stdout).toMatch(/1 flaky, .* \(1 cell re-run alone: /);
    expect(plain.code).toBe(0);
    const gated = await runCli([...args(marker()), '--retries', '1', '--fail-on-flaky'], { timeoutMs: 60_000 });
    expect(gated.report?.summary.flaky).toBe(1);
    expect(gated.code).toBe(1);
    expect((await runCli([...args(marker()), '--retries', '4'], { timeoutMs: 60_000 })).code).toBe(2);
  }, 120_000);
});
