// serveStdio in-process over streams, and the compiled reference entry as a real child process:
// newline framing, nothing but messages on stdout, flags, and a prompt exit when stdin ends.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createReferenceServer } from '../reference/index.js';
import { serveStdio } from './index.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ENTRY = 'dist/mocks/reference/stdio-main.js';
const built = existsSync(`${ROOT}${ENTRY}`);

function streams() {
  const input = new PassThrough();
  const output = new PassThrough();
  let text = '';
  output.on('data', (c: Buffer) => (text += c.toString('utf8')));
  return { input, output, read: () => text };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
const init = (id: number | string, protocolVersion: string) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion, capabilities: {}, clientInfo: { name: 't', version: '1' } } });

describe('serveStdio (in-process)', () => {
  it('answers one line per message and ends the connection when the input ends', async () => {
    const s = streams();
    const handle = serveStdio(createReferenceServer(), { input: s.input, output: s.output, exitOnStdinClose: false });
    s.input.write(`${init(1, '2025-06-18')}\n{"jsonrpc":"2.0","id":2,"met`);
    s.input.write('hod":"ping"}\r\n\n');
    s.input.end('{"jsonrpc":"2.0","id":3,"method":"ping"}');
    await handle.ended;
    const lines = s.read().split('\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -1).map((l) => JSON.parse(l).id)).toEqual([1, 2, 3]);
    expect(handle.connection.closed).toBe(true);
  });

  it('lets a fixture write raw bytes and choose how messages are serialised', async () => {
    const s = streams();
    const handle = serveStdio(createReferenceServer(), {
      input: s.input,
      output: s.output,
      exitOnStdinClose: false,
      serialize: (m) => `${JSON.stringify(m, null, 1)}\n`,
    });
    handle.writeRaw('not a message\n');
    s.input.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
    await settle();
    expect(s.read()).toBe('not a message\n{\n "jsonrpc": "2.0",\n "id": 1,\n "result": {}\n}\n');
    handle.close();
  });
});

interface Run {
  stdout: string;
  stderr: string;
  code: number | null;
  ms: number;
}

/** Runs the compiled entry, writes the lines, closes stdin, and waits (bounded) for the exit. */
function run(args: string[], lines: string[], keepOpenMs = 0): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ENTRY, ...args], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const killer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the reference server did not exit within 5 s of stdin closing; stderr: ${stderr}`));
    }, 5000 + keepOpenMs);
    let closedAt = 0;
    child.on('exit', (code) => {
      clearTimeout(killer);
      resolve({ stdout, stderr, code, ms: Date.now() - closedAt });
    });
    for (const line of lines) child.stdin.write(`${line}\n`);
    setTimeout(() => {
      closedAt = Date.now();
      child.stdin.end();
    }, keepOpenMs);
  });
}

const parseLines = (stdout: string) =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe.skipIf(!built)(`compiled stdio entry (${ENTRY})`, () => {
  it('speaks MCP on stdout only and exits promptly when stdin closes', async () => {
    const r = await run(
      [],
      [
        init(1, '2025-11-25'),
        '{"jsonrpc":"2.0","method":"notifications/initialized"}',
        '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"message":"héllo ✓ 😀"}}}',
        '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"slow","arguments":{"ms":10000}}}',
        'garbage',
      ],
      300,
    );
    const messages = parseLines(r.stdout);
    expect(messages.map((m) => m.id)).toEqual([1, 2, null]);
    expect(messages[1]).toMatchObject({ result: { content: [{ text: 'héllo ✓ 😀' }] } });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    // The slow call (10 s) is abandoned: the process does not wait for it. The bound is far from
    // the call's length so that a loaded machine cannot make this fail.
    expect(r.ms).toBeLessThan(5000);
  });

  it('serves only the revisions named by --revisions, with the page size of --page-size', async () => {
    const r = await run(['--revisions', '2024-11-05,2025-06-18', '--page-size=3'], [init(1, '2025-11-25'), '{"jsonrpc":"2.0","id":2,"method":"tools/list"}']);
    const [initResult, list] = parseLines(r.stdout);
    expect(initResult).toMatchObject({ result: { protocolVersion: '2025-06-18' } });
    expect((list!.result as { tools: unknown[] }).tools).toHaveLength(3);
  });

  it('refuses unknown flags and revisions on stderr with exit code 2', async () => {
    const bad = await run(['--revisons', 'x'], []);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/unknown flag --revisons/);
    const unknown = await run(['--revisions', '2099-01-01'], []);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/2099-01-01 is not a known revision. Known: 2024-11-05/);
  });
});

if (!built) {
  describe('compiled stdio entry', () => {
    it.skip(`skipped: ${ENTRY} is missing; build first with npx tsc -p tsconfig.build.json`, () => undefined);
  });
}
