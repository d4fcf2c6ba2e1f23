// The `mcp-conform fuzz` command end to end: the seed is printed first, the reports are written,
// the exit code follows the outcome, and bad flags are usage errors (exit 2).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createReportValidators } from '../../schema/report/index.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'dist', 'cli', 'main.js');
const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-fuzz-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { cwd: dir }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('mcp-conform fuzz', () => {
  it('fuzzes the bundled reference server with a fixed seed: seed first, no violation, JSON and JUnit reports', async () => {
    const report = join(dir, 'fuzz.json');
    const junit = join(dir, 'fuzz.xml');
    const r = await cli([
      'fuzz',
      '--seed',
      '3',
      '--runs',
      '300',
      '--time-budget',
      '30',
      '--revision',
      '2025-06-18',
      '--skip-tool',
      'slow',
      '--report',
      `json=${report}`,
      '--report',
      `junit=${junit}`,
      '--no-color',
    ]);
    expect(r.stdout.split('\n')[0]).toBe('mcp-conform fuzz: seed 3');
    expect(r.stdout).toContain('no property violated');
    expect(r.code).toBe(0);
    const doc = JSON.parse(readFileSync(report, 'utf8')) as {
      scenarios: unknown[];
      fuzz: { seed: number; cases: number; revision: string; status: string; failure?: unknown };
    };
    expect(createReportValidators().validateReport(doc)).toEqual([]);
    expect(doc.scenarios).toEqual([]);
    expect(doc.fuzz).toMatchObject({ seed: 3, cases: 300, revision: '2025-06-18', status: 'passed' });
    expect(doc.fuzz.failure).toBeUndefined();
    expect(readFileSync(junit, 'utf8')).toContain('<testcase name="fuzz [2025-06-18] seed 3" classname="mcp-conform.fuzz"');
  });

  it("--fuzz on a normal run puts the fuzz result into the run's reports (TAP on stdout, the fuzz outcome on stderr)", async () => {
    const r = await cli(['--scenario', 'ping/', '--revision', '2025-06-18', '--fuzz', '--fuzz-budget', '1', '--report', 'tap', '--no-color']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^1\.\.2$/m);
    expect(r.stdout).toMatch(/^ok 2 - fuzz \[2025-06-18\] seed 1: \d+ inputs$/m);
    expect(r.stderr).toContain('mcp-conform fuzz: seed 1');
  });

  it('rejects bad flags with exit code 2', async () => {
    const zero = await cli(['fuzz', '--runs', '0']);
    expect(zero.code).toBe(2);
    expect(zero.stderr).toContain('--runs');
    const report = await cli(['fuzz', '--report', 'xml']);
    expect(report.code).toBe(2);
    expect(report.stderr).toContain('is not a report format');
    const unknown = await cli(['fuzz', '--seeds', '3']);
    expect(unknown.code).toBe(2);
  });
});
