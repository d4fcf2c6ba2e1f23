// Contract and robustness tests of the stdio transport against misbehaving processes.
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TransportStartError, type TransportEvent } from '../protocol/index.js';
import { StdioTransport } from './stdio.js';
import { quoteWord } from './command-line.js';

const fixture = (name: string) => fileURLToPath(new URL(`../../test/fixtures/misbehaving/${name}`, import.meta.url));
const node = (script: string, ...args: string[]) => [process.execPath, fixture(script), ...args].map(quoteWord).join(' ');

function collect(t: StdioTransport): TransportEvent[] {
  const events: TransportEvent[] = [];
  t.onEvent((e) => events.push(e));
  return events;
}

async function until(pred: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setImmediate(r));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    // A killed process whose new parent has not reaped it yet is a zombie: dead for our purpose.
    return process.platform !== 'linux' || !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'latin1'));
  } catch {
    return false;
  }
}

describe('StdioTransport', () => {
  it('frames stdout lines as messages, stderr as stderr events, and exits gracefully on close', async () => {
    const t = new StdioTransport({ command: node('echo-lines.mjs') });
    const events = collect(t);
    await t.start();
    await t.send('{"jsonrpc":"2.0","id":1,"method":"ping"}');
    await t.send('not json');
    await until(() => events.filter((e) => e.kind === 'stderr').length === 2);
    const report = await t.close();
    expect(events.find((e) => e.kind === 'message')).toMatchObject({ message: { id: 1, method: 'ping' } });
    expect(events.find((e) => e.kind === 'non-json')).toMatchObject({ text: 'not json' });
    expect(events.filter((e) => e.kind === 'stderr').map((e) => (e as { text: string }).text)).toEqual([
      'err:{"jsonrpc":"2.0","id":1,"method":"ping"}',
      'err:not json',
    ]);
    expect(report).toMatchObject({ exitedGracefully: true, escalation: 'none', exitCode: 0 });
  });

  it('starts the target without the variables of unsetEnv, with every other one of the runner', async () => {
    process.env.MCP_CONFORM_TEST_DROPPED = 'dropped';
    process.env.MCP_CONFORM_TEST_KEPT = 'kept';
    try {
      const report = `process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'env', params: { dropped: process.env.MCP_CONFORM_TEST_DROPPED ?? null, kept: process.env.MCP_CONFORM_TEST_KEPT ?? null } }) + '\\n')`;
      const t = new StdioTransport({ command: [process.execPath, '-e', report].map(quoteWord).join(' '), unsetEnv: ['MCP_CONFORM_TEST_DROPPED'] });
      const events = collect(t);
      await t.start();
      await until(() => events.some((e) => e.kind === 'message'));
      await t.close();
      expect(events.find((e) => e.kind === 'message')).toMatchObject({ message: { params: { dropped: null, kept: 'kept' } } });
    } finally {
      delete process.env.MCP_CONFORM_TEST_DROPPED;
      delete process.env.MCP_CONFORM_TEST_KEPT;
    }
  });

  it('rejects start with a clear error when the program does not exist', async () => {
    const t = new StdioTransport({ command: 'mcp-conform-no-such-program-xyz --flag' });
    await expect(t.start()).rejects.toThrow(TransportStartError);
    await expect(new StdioTransport({ command: 'mcp-conform-no-such-program-xyz' }).start()).rejects.toThrow(/was not found/);
  });

  it('cuts a line that exceeds the limit and keeps reading after it', async () => {
    const t = new StdioTransport({ command: node('flood-no-newline.mjs'), maxMessageBytes: 1024 * 1024 });
    const events = collect(t);
    await t.start();
    await until(() => events.some((e) => e.kind === 'message'));
    await t.close();
    const overlong = events.find((e) => e.kind === 'over-limit');
    expect(overlong).toMatchObject({ kind: 'over-limit', bytes: 8 * 1024 * 1024, limit: 1024 * 1024 });
    expect(events.find((e) => e.kind === 'message')).toMatchObject({ message: { method: 'after-flood' } });
  });

  it('escalates to SIGKILL for a process that ignores stdin closing and SIGTERM', async () => {
    const t = new StdioTransport({ command: node('ignores-stdin-close.mjs'), exitGraceMs: 200, killGraceMs: 200 });
    const events = collect(t);
    await t.start();
    await until(() => events.some((e) => e.kind === 'message'));
    const report = await t.close();
    expect(report.exitedGracefully).toBe(false);
    expect(report.escalation).toBe('SIGKILL');
    expect(report.signal).toBe('SIGKILL');
  });

  it('reaps grandchildren left in the process group', async () => {
    const t = new StdioTransport({ command: node('spawns-grandchild.mjs') });
    const events = collect(t);
    await t.start();
    await until(() => events.some((e) => e.kind === 'message'));
    const pid = (events.find((e) => e.kind === 'message') as { message: { params: { pid: number } } }).message.params.pid;
    expect(alive(pid)).toBe(true);
    await t.close();
    await until(() => !alive(pid), 3000);
    expect(alive(pid)).toBe(false);
  });

  it.runIf(process.platform === 'linux')('ends a detached grandchild that left the process group and says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-leftover-'));
    const pidFile = join(dir, 'pids');
    try {
      const t = new StdioTransport({ command: node('leaves-detached-process.mjs'), env: { LEFTOVER_PID_FILE: pidFile } });
      await t.start();
      await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').endsWith('\n'));
      const pid = Number(readFileSync(pidFile, 'utf8').trim());
      expect(alive(pid)).toBe(true);
      const report = await t.close();
      // The grandchild is among the ended; so may be the detached middle process, which exits as soon
      // as it has started the grandchild but, on a loaded machine, may not have finished exiting yet.
      expect(report.leftovers).toContain(pid);
      expect(report.leftovers?.length).toBeLessThanOrEqual(2);
      // Gone by the time close returns (the sweep waits for the kernel to end what it killed).
      expect(alive(pid)).toBe(false);
      await until(() => !alive(pid), 3000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports an early exit as a closed event and sends to a dead process without throwing', async () => {
    const t = new StdioTransport({ command: node('exit-immediately.mjs') });
    const events = collect(t);
    await t.start();
    await until(() => events.some((e) => e.kind === 'closed'));
    await expect(t.send('{"jsonrpc":"2.0","id":1,"method":"ping"}')).resolves.toBeUndefined();
    expect(events.find((e) => e.kind === 'closed')).toMatchObject({ exitCode: 7 });
    const report = await t.close();
    expect(report.escalation).toBe('none');
  });
});
