// The `mcp-conform fuzz` command end to end: the seed is printed first, the JSON outcome is written,
// the exit code follows the outcome, and bad flags are usage errors (exit 2).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'dist', 'runner', 'cli', 'main.js');
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
  it('fuzzes the bundled reference server with a fixed seed: seed first, no violation, JSON outcome', async () => {
    const report = join(dir, 'fuzz.json');
    const r = await cli(['fuzz', '--seed', '3', '--runs', '300', '--time-budget', '30', '--revision', '2025-06-18', '--skip-tool', 'slow', '--report', `json=${report}`, '--no-color']);
    expect(r.stdout.split('\n')[0]).toBe('mcp-conform fuzz: seed 3');
    expect(r.stdout).toContain('no property violated');
    expect(r.code).toBe(0);
    const outcome = JSON.parse(readFileSync(report, 'utf8')) as { seed: number; cases: number; revision: string; failure?: unknown };
    expect(outcome).toMatchObject({ seed: 3, cases: 300, revision: '2025-06-18' });
    expect(outcome.failure).toBeUndefined();
  });

  it('rejects bad flags with exit code 2', async () => {
    const zero = await cli(['fuzz', '--runs', '0']);
    expect(zero.code).toBe(2);
    expect(zero.stderr).toContain('--runs');
    const report = await cli(['fuzz', '--report', 'xml']);
    expect(report.code).toBe(2);
    expect(report.stderr).toContain('--report json=PATH');
    const unknown = await cli(['fuzz', '--seeds', '3']);
    expect(unknown.code).toBe(2);
  });
});
