// The package's public surface is reviewed, not accidental: the API report generated from the built
// declarations must equal the committed public/api-report.md, every exported value carries JSDoc,
// internals stay out and the types users need are in. (`npm test` builds before it runs.)
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const report = () => readFileSync(join(ROOT, 'public', 'api-report.md'), 'utf8');

/** The entry points' exports as the report lists them: `entry: name`. */
function exported(): string[] {
  let entry = '';
  const out: string[] = [];
  for (const line of report().split('\n')) {
    if (line.startsWith('## ')) entry = line.slice(3);
    const m = /^### (\S+) \(/.exec(line);
    if (m) out.push(`${entry}: ${m[1]}`);
  }
  return out;
}

describe('the public API', () => {
  it('matches the committed report, and every exported value is documented', async () => {
    const outcome = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(process.execPath, [join(ROOT, 'scripts', 'api-report.mjs'), '--check'], { cwd: ROOT, timeout: 120_000 }, (error, _stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? -1) : 0, stderr }),
      );
    });
    expect(outcome.stderr).toBe('');
    expect(outcome.code).toBe(0);
  });

  it('keeps internals out of every entry point', () => {
    const names = exported().map((e) => e.split(': ')[1]);
    for (const internal of [
      'paginate',
      'pagedList',
      'pkceMismatch',
      'AUTH_PATHS',
      'RESOURCE_METADATA_PATH',
      'askClient',
      'runConformanceOn',
      'openHttpTarget',
    ]) {
      expect(names, internal).not.toContain(internal);
    }
  });

  it('exports the API at the root and the types users need', () => {
    const list = exported();
    for (const name of [
      'runConformance',
      'runClientConformance',
      'ConformanceOptionsError',
      'Revision',
      'JsonRpcRequest',
      'RequestId',
      'RunResult',
      'Reporter',
    ]) {
      expect(list).toContain(`mcp-conform: ${name}`);
    }
    for (const name of ['createMockServer', 'MockConfigError', 'parseMockConfig', 'connectSdkTransport', 'Revision', 'JsonRpcRequest', 'RequestId']) {
      expect(list).toContain(`mcp-conform/mocks: ${name}`);
    }
    expect(list).toContain('mcp-conform/vitest: describeConformance');
    expect(list).toContain('mcp-conform/mocks/msw: mcpHandlers');
  });
});
