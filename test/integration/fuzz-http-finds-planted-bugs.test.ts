// Proves the HTTP side of the fuzzer against planted bugs: within a small fixed-seed budget it finds
// each HTTP-level defect the mini-http-server plants (a 500 on a wrong Content-Type, a dropped
// connection on an empty body, a 200 for a body that is not JSON, an ignored Mcp-Method mismatch),
// cites the right rule, and the saved counterexample replays over HTTP to the same failure while
// passing on the clean server. The clean server passes a fixed-seed run at every HTTP revision.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { counterexampleYaml, prepareTarget, runFuzz, type FuzzOutcome } from '../../runner/fuzz/index.js';
import { StreamableHttpTransport, quoteWord, startManagedServer } from '../../wire/transports/index.js';
import type { Revision } from '../../schema/revisions.js';
import { loadRules } from '../../schema/rules.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'dist', 'cli', 'main.js');
const FIXTURE = join(ROOT, 'test', 'fixtures', 'targets', 'mini-http-server.mjs');
const CLIENT = { clientInfo: { name: 'mcp-conform-test', version: '0' }, capabilities: {} };
const SEED = 1;
const out = mkdtempSync(join(tmpdir(), 'mcp-conform-fuzz-http-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

function miniHttpServer(defect?: string): string {
  return [process.execPath, FIXTURE, ...(defect ? ['--defect', defect] : [])].map(quoteWord).join(' ');
}

async function fuzzHttp(
  command: string,
  revision: Revision,
  runs: number,
  timeBudgetMs = 20_000,
  stopOn?: Parameters<typeof runFuzz>[0]['stopOn'],
): Promise<FuzzOutcome & { serverRestarts: number }> {
  const server = await startManagedServer({ command, portEnv: 'PORT', startupMs: 15_000 });
  try {
    const url = `http://127.0.0.1:${server.port}/mcp`;
    const makeTransport = () => new StreamableHttpTransport({ url, timeoutMs: 3000, serverProcess: server });
    const prepared = await prepareTarget(makeTransport, CLIENT, 3000, revision);
    if (!prepared.ok) throw new Error(prepared.reason);
    const outcome = await runFuzz({
      makeTransport,
      client: CLIENT,
      ...prepared.target,
      seed: SEED,
      runs,
      timeBudgetMs,
      shrinkBudgetMs: 8_000,
      timeoutMs: 3000,
      framing: 'http',
      skipTools: ['slow'],
      ...(stopOn ? { stopOn } : {}),
    });
    return { ...outcome, serverRestarts: server.restarts };
  } finally {
    await server.stop();
  }
}

function replay(command: string, file: string, revision: Revision): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const args = [CLI, '--server', command, '--port-env', 'PORT', '--scenario-file', file, '--revision', revision, '--timeout', '3000', '--no-color'];
    execFile(process.execPath, args, (error, stdout) => resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout }));
  });
}

const PLANTED = [
  { defect: 'hangup-on-empty-body', revision: '2025-11-25', rule: 'transport.http.unaccepted-input-error-status', property: 'http-answered' },
  { defect: 'parse-error-200', revision: '2025-03-26', rule: 'transport.http.unaccepted-input-error-status', property: 'client-error-status' },
  { defect: 'header-mismatch-ignored', revision: '2026-07-28', rule: 'transport.http.header-mismatch-400', property: 'client-error-status' },
] as const;

describe('the fuzzer finds HTTP-level bugs planted in the mini-http-server', () => {
  for (const row of PLANTED) {
    it(`finds ${row.defect} at ${row.revision}, and the saved scenario replays to the same failure`, { timeout: 90_000 }, async () => {
      const command = miniHttpServer(row.defect);
      const outcome = await fuzzHttp(command, row.revision, 600);
      const failure = outcome.failure;
      expect(failure, `no counterexample within ${outcome.cases} inputs`).toBeDefined();
      expect(failure!.reproducible).toBe(true);
      expect(failure!.input.kind).toBe('http');
      expect(failure!.violations.map((v) => `${v.ruleId} ${v.property}`)).toContain(`${row.rule} ${row.property}`);
      const file = join(out, `${row.defect}.yaml`);
      writeFileSync(file, counterexampleYaml(failure!, { seed: SEED, revision: row.revision }));
      const replayed = await replay(command, file, row.revision);
      expect(replayed.stdout).toContain(row.rule);
      expect(replayed.stdout).toContain('1 failed');
      const clean = await replay(miniHttpServer(), file, row.revision);
      expect(clean.stdout).toContain('1 passed');
      expect(clean.code).toBe(0);
    });
  }
});

describe('a 5xx for input the server cannot accept', () => {
  // The spec asks for an HTTP error status, which a 5xx is; a 4xx is our SHOULD reading (a warning).
  it('is a warning under transport.http.unaccepted-input-4xx, not a failure', { timeout: 90_000 }, async () => {
    // As the command line does: only MUST-level violations end the search (cli/fuzz-command.ts).
    const rules = loadRules();
    const outcome = await fuzzHttp(miniHttpServer('server-error-on-content-type'), '2025-06-18', 300, 20_000, (v) => rules.get(v.ruleId)?.level === 'MUST');
    expect(outcome.failure?.violations).toBeUndefined();
    expect(outcome.warnings.map((w) => `${w.violation.ruleId} ${w.violation.property}`)).toContain('transport.http.unaccepted-input-4xx no-server-error');
  });
});

describe('a server that exits on an input', () => {
  it('is started again, so the fuzzer shrinks the input and reports how the server ended', { timeout: 90_000 }, async () => {
    const outcome = await fuzzHttp(miniHttpServer('exit-on-unparsable-body'), '2025-11-25', 600);
    const failure = outcome.failure;
    expect(failure, `no counterexample within ${outcome.cases} inputs`).toBeDefined();
    expect(failure!.reproducible).toBe(true);
    expect(failure!.violations.map((v) => `${v.ruleId} ${v.property}`)).toContain('jsonrpc.request.answered stays-alive');
    expect(failure!.violations.map((v) => v.detail).join('\n')).toContain('the server process exited (code 70)');
    // The first start, one after the death in the search, and one for the final replay at least.
    expect(outcome.targetStarts).toBeGreaterThanOrEqual(3);
    expect(outcome.serverRestarts).toBe(outcome.targetStarts - 1);
  });
});

describe('the clean mini-http-server passes a fixed-seed HTTP fuzz run', () => {
  for (const revision of ['2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const) {
    // The budget is wide so that every one of the 400 inputs runs also on a loaded machine.
    it(`at ${revision}`, { timeout: 150_000 }, async () => {
      const outcome = await fuzzHttp(miniHttpServer(), revision, 400, 120_000);
      expect(outcome.failure?.violations).toBeUndefined();
      expect(outcome.warnings.map((w) => w.violation)).toEqual([]);
      expect(outcome.cases).toBe(400);
    });
  }
});
