// --client-capabilities: what the runner declares as the client reaches the target's initialize
// (probe and scenarios), appears in reproduce commands, and a malformed value is a usage error.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'dist', 'cli', 'main.js');
const SERVER = `${process.execPath} ${join(ROOT, 'test', 'fixtures', 'targets', 'echo-capabilities.mjs')}`;
const work = mkdtempSync(join(tmpdir(), 'mcpc-caps-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function run(args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { cwd: ROOT, timeout: 60_000 }, (err, _o, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? -1) : 0, stderr }),
    );
  });
}

describe('--client-capabilities', () => {
  it('is declared in initialize and carried into reproduce commands', async () => {
    const out = join(work, 'r.json');
    await run([
      '--server',
      SERVER,
      '--revision',
      '2025-06-18',
      '--scenario',
      'ping/',
      '--client-capabilities',
      '{"roots":{"listChanged":true}}',
      '--report',
      `json=${out}`,
    ]);
    const report = JSON.parse(readFileSync(out, 'utf8')) as { target: { serverInfo?: { name?: string } }; scenarios: { repro: string }[] };
    expect(report.target.serverInfo?.name).toBe('caps:{"roots":{"listChanged":true}}');
    expect(report.scenarios[0]?.repro).toContain(`--client-capabilities '{"roots":{"listChanged":true}}'`);
  }, 60_000);

  it('declares no capabilities by default', async () => {
    const out = join(work, 'd.json');
    await run(['--server', SERVER, '--revision', '2025-06-18', '--scenario', 'ping/', '--report', `json=${out}`]);
    expect((JSON.parse(readFileSync(out, 'utf8')) as { target: { serverInfo?: { name?: string } } }).target.serverInfo?.name).toBe('caps:{}');
  }, 60_000);

  it.each([
    ['not JSON', '{sampling}'],
    ['not an object', '["sampling"]'],
  ])('refuses a value that is %s with exit 2', async (_what, value) => {
    const result = await run(['--server', SERVER, '--client-capabilities', value]);
    expect(result.stderr).toMatch(/--client-capabilities takes a JSON object/);
    expect(result.code).toBe(2);
  });
});
