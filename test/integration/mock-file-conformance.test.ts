// The mock kit must itself conform: `mcp-conform mock --config <example>` is run through the tools,
// pagination and stdio suites, and a deliberately wrong mock file is shown to fail them.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, ROOT } from './run-cli.js';
import { runServer } from './run-in-process.js';

const work = mkdtempSync(join(tmpdir(), 'mcpc-mock-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The suites run in this process (run-in-process.ts) against `mcp-conform mock --config FILE` over stdio. */
const conform = (mockFile: string, areas: string[]) =>
  runServer({ target: { command: `${process.execPath} ${CLI} mock --config ${mockFile}` }, revisions: ['2025-11-25'], timeoutMs: 4000, areas });

// The three runs are independent: at once.
describe.concurrent('mcp-conform mock --config', () => {
  it('serves the example mock file conformantly (tools, pagination, stdio suites)', async () => {
    const { code, report } = await conform(join(ROOT, 'examples', 'weather.mock.yaml'), ['tools', 'pagination', 'stdio']);
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
        // Declared read-only, so that the suites may call it (an unannotated tool is not called by default).
        '    annotations: { readOnlyHint: true }',
        '    outputSchema: { type: object, properties: { n: { type: number } }, required: [n] }',
        '    result: { content: [{ type: text, text: "{}" }], structuredContent: { n: "not a number" } }',
      ].join('\n'),
    );
    const { code, report } = await conform(file, ['tools']);
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
      const { code, report } = await runServer({ target: { url }, revisions: ['2025-11-25'], areas: ['tools'] });
      expect(report.scenarios.filter((s) => s.status === 'failed' || s.status === 'errored')).toEqual([]);
      expect(report.summary.passed).toBeGreaterThan(3);
      expect(code).toBe(0);
    } finally {
      mock.kill('SIGTERM');
      if (mock.exitCode === null) await once(mock, 'exit');
    }
  }, 130_000);
});
