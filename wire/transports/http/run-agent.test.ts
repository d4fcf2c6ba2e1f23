// The run's shared keep-alive agent: later requests reuse an idle connection, a connection in use
// is never cut by the pool's idle bound, and an idle one is closed after IDLE_CONNECTION_MS.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { IDLE_CONNECTION_MS, createRunAgent } from './run-agent.js';

const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

/** A server that answers after `delayMs` (from the query string), and counts its connections. */
async function serve(): Promise<{ port: number; connections: Socket[] }> {
  const connections: Socket[] = [];
  const server = http.createServer((req, res) => {
    const delayMs = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('delay') ?? 0);
    setTimeout(() => res.end('ok'), delayMs);
  });
  server.on('connection', (s: Socket) => connections.push(s));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, connections };
}

function get(port: number, agent: http.Agent, delayMs = 0): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: `/?delay=${delayMs}`, agent }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += String(c)));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
  });
}

describe('createRunAgent', () => {
  it('hands an idle connection to the next request instead of opening another', async () => {
    const { port, connections } = await serve();
    const agent = createRunAgent();
    try {
      expect(await get(port, agent)).toBe('ok');
      expect(await get(port, agent)).toBe('ok');
      expect(await get(port, agent)).toBe('ok');
      expect(connections).toHaveLength(1);
    } finally {
      agent.destroy();
    }
  });

  it('never cuts a reused connection whose answer takes longer than the idle bound', async () => {
    const { port, connections } = await serve();
    const agent = createRunAgent();
    try {
      expect(await get(port, agent)).toBe('ok');
      expect(await get(port, agent, IDLE_CONNECTION_MS + 300)).toBe('ok');
      expect(connections).toHaveLength(1);
    } finally {
      agent.destroy();
    }
  });

  it('closes a connection left idle for the idle bound', async () => {
    const { port, connections } = await serve();
    const agent = createRunAgent();
    try {
      expect(await get(port, agent)).toBe('ok');
      const idleSince = Date.now();
      await new Promise((resolve) => connections[0]!.once('close', resolve));
      const idleMs = Date.now() - idleSince;
      expect(idleMs).toBeGreaterThanOrEqual(IDLE_CONNECTION_MS - 100);
      expect(await get(port, agent)).toBe('ok');
      expect(connections).toHaveLength(2);
    } finally {
      agent.destroy();
    }
  });
});
