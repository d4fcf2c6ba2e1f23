// The restart contract of a server the run started: same port after a crash, one restart shared by
// the conversations that ask at once, exit listeners told how it ended, nothing after stop().
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { quoteWord } from '../command-line.js';
import { liveProcessGroups } from '../process-registry.js';
import { startManagedServer } from './managed-server.js';

const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-managed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// Answers every request with its pid; a request to /exit ends the process with code 9.
const script = join(dir, 'server.mjs');
writeFileSync(
  script,
  `import http from 'node:http';
http.createServer((req, res) => { if (req.url === '/exit') process.exit(9); res.end(String(process.pid)); }).listen(Number(process.env.PORT), '127.0.0.1');
`,
);
const command = [process.execPath, script].map(quoteWord).join(' ');

function get(port: number, path: string): Promise<string> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve(body));
    });
    req.on('error', (err) => resolve(`error: ${err.message}`));
  });
}

describe('startManagedServer', () => {
  it('starts the server again on the same port after it exits, once for concurrent callers', { timeout: 30_000 }, async () => {
    const server = await startManagedServer({ command, portEnv: 'PORT', startupMs: 10_000 });
    try {
      const firstPid = await get(server.port, '/');
      expect(firstPid).toMatch(/^\d+$/);
      const exited = new Promise<string>((resolve) => server.onExit(resolve));
      await get(server.port, '/exit');
      expect(await exited).toBe('code 9');
      await Promise.all([server.ensureRunning(), server.ensureRunning(), server.ensureRunning()]);
      expect(server.restarts).toBe(1);
      const secondPid = await get(server.port, '/');
      expect(secondPid).toMatch(/^\d+$/);
      expect(secondPid).not.toBe(firstPid);
      // A running server is left alone.
      await server.ensureRunning();
      expect(server.restarts).toBe(1);
    } finally {
      await server.stop();
    }
  });

  it('stops waiting, and stops the process, when its caller gives up before it listens', { timeout: 15_000 }, async () => {
    // Never listens. The start-up bound is far beyond the test's own timeout: only the caller's
    // signal can end the wait in time.
    const never = join(dir, 'never.mjs');
    writeFileSync(never, 'setInterval(() => {}, 1000);\n');
    const giveUp = new AbortController();
    const starting = startManagedServer({
      command: [process.execPath, never].map(quoteWord).join(' '),
      portEnv: 'PORT',
      startupMs: 120_000,
      signal: giveUp.signal,
      onSpawned: () => giveUp.abort(),
    });
    await expect(starting).rejects.toThrow(/no longer needed it, and it was stopped before it listened/);
    expect(liveProcessGroups()).toEqual([]);
  });

  it('says when its process has started, before that process listens', { timeout: 30_000 }, async () => {
    // A server that listens only after a delay: the process runs, the port is not open yet.
    const slow = join(dir, 'slow.mjs');
    writeFileSync(
      slow,
      `import http from 'node:http';\nsetTimeout(() => http.createServer((q, s) => s.end('up')).listen(Number(process.env.PORT), '127.0.0.1'), 300);\n`,
    );
    let spawnedAt: number | undefined;
    const starting = startManagedServer({
      command: [process.execPath, slow].map(quoteWord).join(' '),
      portEnv: 'PORT',
      startupMs: 10_000,
      onSpawned: () => (spawnedAt ??= Date.now()),
    });
    const server = await starting;
    const listeningAt = Date.now();
    try {
      expect(spawnedAt).toBeDefined();
      expect(listeningAt - spawnedAt!).toBeGreaterThanOrEqual(250);
      expect(await get(server.port, '/')).toBe('up');
    } finally {
      await server.stop();
    }
  });

  it('tells no exit listener about the stop it was asked for', { timeout: 30_000 }, async () => {
    const server = await startManagedServer({ command, portEnv: 'PORT', startupMs: 10_000 });
    const heard: string[] = [];
    server.onExit((how) => heard.push(how));
    await server.stop();
    expect(await get(server.port, '/')).toMatch(/^error: /);
    expect(heard).toEqual([]);
    await server.ensureRunning();
    expect(server.restarts).toBe(0);
  });
});
