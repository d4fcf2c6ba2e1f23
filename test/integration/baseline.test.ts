// --write-baseline and --baseline end to end: a recorded baseline lets the same failures pass, a
// fixed failure makes its entries stale (the run fails until they are removed), and a new failure
// fails the run whatever the baseline says.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'dist', 'cli', 'main.js');
const MINI = `${process.execPath} ${join(ROOT, 'test', 'fixtures', 'targets', 'mini-server.mjs')}`;
const work = mkdtempSync(join(tmpdir(), 'mcpc-baseline-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Outcome {
  code: number;
  stderr: string;
  baseline?: { expected: unknown[]; unexpected: { id: string }[]; stale: unknown[]; notRun: { scenario: string }[] };
}

let n = 0;
function run(server: string, extra: string[]): Promise<Outcome> {
  const out = join(work, `r${++n}.json`);
  const args = [CLI, '--server', server, '--scenario', 'jsonrpc/', '--revision', '2025-06-18', '--timeout', '3000', '--report', `json=${out}`, ...extra];
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: ROOT, timeout: 120_000 }, (err, _o, stderr) => {
      const code = err ? ((err as { code?: number }).code ?? -1) : 0;
      let baseline: Outcome['baseline'];
      try {
        baseline = (JSON.parse(readFileSync(out, 'utf8')) as { baseline?: Outcome['baseline'] }).baseline;
      } catch {
        baseline = undefined;
      }
      resolve({ code, stderr, ...(baseline ? { baseline } : {}) });
    });
  });
}

describe('expected-failures baseline', () => {
  const file = join(work, 'baseline.yaml');

  it('records the failures of a run, which then pass against it', async () => {
    const first = await run(`${MINI} --defect wrong-id-type`, ['--write-baseline', file]);
    expect(first.code).toBe(1);
    const written = readFileSync(file, 'utf8');
    expect(written).toContain('scenario: jsonrpc/id-echo');
    // Keyed by rule, not by the step number that moves when the scenario is edited.
    expect(written).toMatch(/rule: jsonrpc\./);
    expect(written).not.toMatch(/check: "?\d/);
    const second = await run(`${MINI} --defect wrong-id-type`, ['--baseline', file]);
    expect(second.baseline?.expected.length).toBeGreaterThan(0);
    expect(second.baseline?.unexpected).toEqual([]);
    expect(second.code).toBe(0);
  }, 120_000);

  it('serves a filtered run: entries whose cells did not run are neither used nor stale', async () => {
    const named = [...new Set([...readFileSync(file, 'utf8').matchAll(/scenario: (\S+)/g)].map((m) => m[1]!))];
    const split = await run(MINI, named.flatMap((id) => ['--exclude', id]).concat(['--baseline', file]));
    expect(split.baseline?.stale).toEqual([]);
    expect([...new Set(split.baseline?.notRun.map((e) => e.scenario))].sort()).toEqual(named.sort());
    expect(split.code).toBe(0);
  }, 120_000);

  it('fails on stale entries once the failure is fixed, and on failures the baseline does not list', async () => {
    // Independent runs against the same baseline: at once.
    const [fixed, other] = await Promise.all([run(MINI, ['--baseline', file]), run(`${MINI} --defect duplicate-response`, ['--baseline', file])]);
    expect(fixed.baseline?.stale.length).toBeGreaterThan(0);
    expect(fixed.code).toBe(1);
    expect(other.baseline?.unexpected.map((u) => u.id)).toContain('jsonrpc/exactly-one-response');
    expect(other.code).toBe(1);
  }, 120_000);

  it('refuses a malformed baseline with its line and exit 2', async () => {
    const bad = join(work, 'bad.yaml');
    writeFileSync(bad, '- scenario: jsonrpc/id-echo\n  revision: 2025-06-18\n');
    const result = await run(MINI, ['--baseline', bad]);
    expect(result.stderr).toMatch(/bad\.yaml:1:\d+ .*reason/);
    expect(result.code).toBe(2);
  }, 60_000);

  // Reading a device used to abort the process; a folder or device as --scenario-file was "does not exist".
  it('refuses a device as baseline and a folder as scenario file with exit 2 and a reason', async () => {
    const [device, folder] = await Promise.all([run(MINI, ['--baseline', '/dev/zero']), run(MINI, ['--scenario-file', work])]);
    expect(device.stderr).toContain('/dev/zero is not a regular file');
    expect(device.code).toBe(2);
    expect(folder.stderr).toContain(`${work} is a directory, not a scenario file.`);
    expect(folder.stderr).toContain('--suite-dir');
    expect(folder.code).toBe(2);
  }, 60_000);
});
