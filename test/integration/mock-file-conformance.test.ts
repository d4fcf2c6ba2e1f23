// The mock kit must itself conform: `mcp-conform mock --config <example>` is run through the tools,
// pagination and stdio suites, and a deliberately wrong mock file is shown to fail them.
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'dist', 'cli', 'main.js');
const work = mkdtempSync(join(tmpdir(), 'mcpc-mock-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Report {
  summary: { passed: number; failed: number; errored: number };
  scenarios: { id: string; status: string; checks: { rule: string; status: string }[] }[];
}

function conform(mockFile: string, extra: string[]): Promise<{ code: number; report: Report }> {
  const out = join(work, `${Math.random().toString(36).slice(2)}.json`);
  const server = `${process.execPath} ${CLI} mock --config ${mockFile}`;
  const args = [CLI, '--server', server, '--revision', '2025-11-25', '--timeout', '4000', '--report', `json=${out}`, ...extra];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { cwd: ROOT, timeout: 120_000 }, (err, _stdout, stderr) => {
      const code = err ? ((err as { code?: number }).code ?? -1) : 0;
      try {
        resolve({ code, report: JSON.parse(readFileSync(out, 'utf8')) as Report });
      } catch {
        reject(new Error(`no report (exit ${code}): ${stderr}`));
      }
    });
  });
}

describe('mcp-conform mock --config', () => {
  it('serves the example mock file conformantly (tools, pagination, stdio suites)', async () => {
    const { code, report } = await conform(join(ROOT, 'examples', 'weather.mock.yaml'), ['--area', 'tools', '--area', 'pagination', '--area', 'stdio']);
    expect(report.scenarios.filter((s) => s.status === 'failed' || s.status === 'errored')).toEqual([]);
    expect(report.summary.passed).toBeGreaterThan(10);
    expect(code).toBe(0);
  }, 130_000);

  it('a mock file whose tool output breaks its own outputSchema is caught', async () => {
    const file = join(work, 'wrong-output.mock.yaml');
    writeFileSync(
      file,
      [
        'serverInfo: { name: wrong, version: "1" }',
        'tools:',
        '  - name: typed',
        '    inputSchema: { type: object }',
        '    outputSchema: { type: object, properties: { n: { type: number } }, required: [n] }',
        '    result: { content: [{ type: text, text: "{}" }], structuredContent: { n: "not a number" } }',
      ].join('\n'),
    );
    const { code, report } = await conform(file, ['--area', 'tools']);
    const failedRules = report.scenarios.flatMap((s) => s.checks.filter((c) => c.status === 'failed').map((c) => c.rule));
    expect(failedRules.some((r) => r.startsWith('tools.'))).toBe(true);
    expect(code).toBe(1);
  }, 130_000);

  it('serves the mock over Streamable HTTP with --port, conformantly, and stops on SIGTERM', async () => {
    const mock = spawn(process.execPath, [CLI, 'mock', '--config', join(ROOT, 'examples', 'weather.mock.yaml'), '--port', '0'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    try {
      let stderr = '';
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URL announced: ${stderr}`)), 15_000);
        mock.stderr!.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
          const m = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]!);
          }
        });
      });
      const out = join(work, 'http.json');
      const code = await new Promise<number>((resolve) => {
        execFile(
          process.execPath,
          [CLI, '--url', url, '--revision', '2025-11-25', '--area', 'tools', '--report', `json=${out}`],
          { cwd: ROOT, timeout: 120_000 },
          (err) => resolve(err ? ((err as { code?: number }).code ?? -1) : 0),
        );
      });
      const report = JSON.parse(readFileSync(out, 'utf8')) as Report;
      expect(report.scenarios.filter((s) => s.status === 'failed' || s.status === 'errored')).toEqual([]);
      expect(report.summary.passed).toBeGreaterThan(3);
      expect(code).toBe(0);
    } finally {
      mock.kill('SIGTERM');
      if (mock.exitCode === null) await once(mock, 'exit');
    }
  }, 130_000);
});
