// A server started ahead of the run (the command line's early start) is taken only when the run
// would have started the very same one; otherwise the run starts its own.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { HttpLaunch } from '../runner/config/index.js';
import { quoteWord, serverStartupMs, startManagedServer } from '../wire/transports/index.js';
import { openHttpTarget, type StartedServer } from './open-http-target.js';

const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-open-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const script = join(dir, 'server.mjs');
writeFileSync(script, `import http from 'node:http';\nhttp.createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1');\n`);
const launch: HttpLaunch = { command: [process.execPath, script].map(quoteWord).join(' '), portEnv: 'PORT' };
const target = { kind: 'http' as const, url: 'http://127.0.0.1/mcp', launch };

function startEarly(from: HttpLaunch, timeoutMs: number): StartedServer {
  const waiting = new AbortController();
  const server = startManagedServer({ ...from, startupMs: serverStartupMs(timeoutMs), signal: waiting.signal });
  return { launch: from, startupMs: serverStartupMs(timeoutMs), spawned: server.then(() => undefined), server, stopWaiting: () => waiting.abort() };
}

describe('openHttpTarget with a server started ahead', () => {
  it('takes the started server when it was started from the same launch', { timeout: 30_000 }, async () => {
    const started = startEarly(launch, 5000);
    let heard = false;
    const live = await openHttpTarget(target, 5000, () => {}, { started, onSpawned: () => (heard = true) });
    const server = await started.server;
    try {
      expect(new URL(live.url).port).toBe(String(server.port));
      expect(heard).toBe(true);
    } finally {
      await live.stop();
      await server.stop();
    }
  });

  it('starts its own for another launch or another start-up bound, and leaves the started one to its owner', { timeout: 30_000 }, async () => {
    const others: [HttpLaunch, number][] = [
      [{ ...launch, env: { A: '1' } }, 5000],
      [launch, 9000],
    ];
    for (const [other, timeoutMs] of others) {
      const started = startEarly(other, timeoutMs);
      const live = await openHttpTarget(target, 5000, () => {}, { started });
      const server = await started.server;
      try {
        expect(new URL(live.url).port).not.toBe(String(server.port));
      } finally {
        await live.stop();
        await server.stop();
      }
    }
  });
});
