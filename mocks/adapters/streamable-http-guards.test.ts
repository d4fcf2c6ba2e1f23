// What the node:http adapter does for the socket and the session beyond the binding itself: a
// second GET stream is opened (the spec allows a stream or 405) and each message goes to one stream
// only; a foreign Host is refused (DNS rebinding); an unused session expires and its id gets 404;
// a request whose headers or body trickle in (slowloris) is cut after a short bound.
import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createReferenceServer } from '../reference/index.js';
import { createSseBody, SessionStreams } from './http-session-streams.js';
import { serveStreamableHttp, type StreamableHttpServerHandle, type StreamableHttpServerOptions } from './index.js';

let handle: StreamableHttpServerHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

const VERSION = '2025-11-25';
const BOTH = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };

async function start(options: StreamableHttpServerOptions = {}): Promise<string> {
  handle = await serveStreamableHttp(createReferenceServer({ record: false }), options);
  return handle.url;
}

async function initialize(url: string): Promise<string> {
  const res = await fetch(url, {
    method: 'POST',
    headers: BOTH,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: VERSION, capabilities: {}, clientInfo: { name: 't', version: '1' } },
    }),
  });
  const id = res.headers.get('mcp-session-id')!;
  await res.text();
  const ack = await fetch(url, {
    method: 'POST',
    headers: { ...BOTH, 'mcp-session-id': id, 'mcp-protocol-version': VERSION },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });
  expect(ack.status).toBe(202);
  return id;
}

const ping = (url: string, session: string) =>
  fetch(url, {
    method: 'POST',
    headers: { ...BOTH, 'mcp-session-id': session, 'mcp-protocol-version': VERSION },
    body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'ping' }),
  });

/** A GET of the endpoint with a Host header of our choosing (fetch cannot set one). */
function getWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { headers: { host, accept: 'text/event-stream' } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Writes `text` on a raw connection and resolves with what the server sent until it closed (bounded by `ms`). */
function trickle(port: number, text: string, ms: number): Promise<{ reply: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let reply = '';
    const bound = setTimeout(() => {
      socket.destroy();
      resolve({ reply, closed: false });
    }, ms);
    socket.on('data', (chunk) => {
      reply += chunk.toString('latin1');
    });
    socket.on('close', () => {
      clearTimeout(bound);
      resolve({ reply, closed: true });
    });
    socket.on('error', () => undefined);
  });
}

describe('serveStreamableHttp guards', () => {
  it('opens a second GET stream, and sends each message on the newest stream only', async () => {
    const url = await start();
    const session = await initialize(url);
    const headers = { 'mcp-session-id': session, 'mcp-protocol-version': VERSION, accept: 'text/event-stream' };
    const first = await fetch(url, { headers });
    const second = await fetch(url, { headers });
    expect([first.status, second.status]).toEqual([200, 200]);
    await first.body!.cancel();
    await second.body!.cancel();

    // The routing itself: two standalone streams held, one message, one stream.
    const streams = new SessionStreams(true);
    const older = createSseBody();
    const newer = createSseBody();
    const written: string[][] = [[], []];
    streams.open([], { ...older.sink, write: (t) => written[0]!.push(t) }, true);
    streams.open([], { ...newer.sink, write: (t) => written[1]!.push(t) }, true);
    expect(streams.route({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }, [])).toBe(true);
    expect(written[0]).toEqual([]);
    expect(written[1]).toHaveLength(1);
  });

  it('refuses a Host that is not its loopback name with 403, and serves 127.0.0.1 and localhost', async () => {
    const url = await start();
    const { port } = handle!;
    expect(await getWithHost(url, `rebound.example:${port}`)).toBe(403);
    expect(await getWithHost(url, `127.0.0.1:${port + 1}`)).toBe(403);
    // Without a session a GET is a 400: past the Host check.
    expect(await getWithHost(url, `127.0.0.1:${port}`)).toBe(400);
    expect(await getWithHost(url, `localhost:${port}`)).toBe(400);
    await handle!.close();
    handle = undefined;
    const behindProxy = await start({ allowedHosts: ['mcp.internal:8443'] });
    expect(await getWithHost(behindProxy, 'mcp.internal:8443')).toBe(400);
  });

  it('ends a session left unused for sessionIdleMs, whose id then gets 404, but not one whose stream is held', { timeout: 30_000 }, async () => {
    // Long enough that the held session's GET opens before its clock first runs out, even on a loaded machine.
    const url = await start({ sessionIdleMs: 1500 });
    const held = await initialize(url);
    const listening = await fetch(url, { headers: { 'mcp-session-id': held, 'mcp-protocol-version': VERSION, accept: 'text/event-stream' } });
    expect(listening.status).toBe(200);
    const idle = await initialize(url);
    expect(handle!.sessionCount).toBe(2);
    // The idle session's clock started after the held one's, so when it has run out the held one's has too.
    await vi.waitFor(() => expect(handle!.sessionCount).toBe(1), { timeout: 15_000, interval: 50 });
    expect((await ping(url, idle)).status).toBe(404);
    const alive = await ping(url, held);
    expect(alive.status).toBe(200);
    await alive.text();
    await listening.body!.cancel();
  });

  it('cuts a request whose body or headers trickle in after the bound, with 408', { timeout: 30_000 }, async () => {
    const url = await start({ requestTimeoutMs: 1000, headersTimeoutMs: 1000 });
    const { port } = handle!;
    const host = `127.0.0.1:${port}`;
    const body = await trickle(
      port,
      `POST /mcp HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 100\r\n\r\n{"jsonrpc"`,
      10_000,
    );
    expect(body.closed).toBe(true);
    expect(body.reply).toMatch(/^HTTP\/1\.1 408/);
    const headers = await trickle(port, `GET /mcp HTTP/1.1\r\nHost: ${host}\r\nAccept: text/`, 10_000);
    expect(headers.closed).toBe(true);
    expect(headers.reply).toMatch(/^HTTP\/1\.1 408/);
    // A request that arrives whole is served as before.
    expect((await fetch(url, { method: 'DELETE' })).status).toBe(400);
  });
});
