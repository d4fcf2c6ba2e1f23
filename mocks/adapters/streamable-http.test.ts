// The node:http adapter over the fetch handler: sessions (minted, required, unknown, deleted), Origin
// validation, 202 for notifications, SSE answers with event ids, Last-Event-ID replay of exactly the
// missed events of one stream, SSE bodies that flow event by event, and a client hanging up
// cancelling the stream it held (no writer left behind).
import http from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createReferenceServer as createServer } from '../reference/index.js';
import { serveStreamableHttp, type StreamableHttpServerHandle } from './index.js';

let handle: StreamableHttpServerHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

const BOTH = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };

async function start(): Promise<string> {
  handle = await serveStreamableHttp(createServer({ record: false }));
  return handle.url;
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { ...BOTH, ...headers }, body: JSON.stringify(body) });
}

function events(text: string): { id?: string; data: string }[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const id = /^id: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
      return { ...(id ? { id } : {}), data };
    });
}

async function initialize(url: string, version = '2025-11-25'): Promise<string> {
  const res = await post(url, {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 't', version: '1' } },
  });
  expect(res.status).toBe(200);
  const id = res.headers.get('mcp-session-id');
  expect(id).toMatch(/^[\x21-\x7e]+$/);
  await res.text();
  const ack = await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, { 'mcp-session-id': id!, 'mcp-protocol-version': version });
  expect(ack.status).toBe(202);
  return id!;
}

describe('serveStreamableHttp', () => {
  it('mints a session at initialize, requires it afterwards, and forgets it after DELETE', async () => {
    const url = await start();
    const id = await initialize(url);
    const headers = { 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' };
    expect((await post(url, { jsonrpc: '2.0', id: 2, method: 'ping' }, { 'mcp-protocol-version': '2025-11-25' })).status).toBe(400);
    expect((await post(url, { jsonrpc: '2.0', id: 3, method: 'ping' }, { ...headers, 'mcp-session-id': 'nope' })).status).toBe(404);
    const ok = await post(url, { jsonrpc: '2.0', id: 4, method: 'ping' }, headers);
    expect(ok.headers.get('content-type')).toBe('text/event-stream');
    expect(events(await ok.text()).map((e) => JSON.parse(e.data || 'null'))).toContainEqual({ jsonrpc: '2.0', id: 4, result: {} });
    expect((await fetch(url, { method: 'DELETE', headers })).status).toBe(200);
    expect(handle!.sessionCount).toBe(0);
    expect((await post(url, { jsonrpc: '2.0', id: 5, method: 'ping' }, headers)).status).toBe(404);
  });

  it('refuses a foreign Origin with 403 and serves its own', async () => {
    const url = await start();
    const body = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    };
    expect((await post(url, body, { origin: 'http://evil.example' })).status).toBe(403);
    const own = await post(url, body, { origin: new URL(url).origin });
    expect(own.status).toBe(200);
    await own.text();
  });

  it('refuses bad content types, Accept headers, bodies and unsupported protocol versions', async () => {
    const url = await start();
    const id = await initialize(url);
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'ping' });
    const base = { 'mcp-session-id': id };
    expect((await fetch(url, { method: 'POST', headers: { ...BOTH, ...base, 'content-type': 'text/plain' }, body: ping })).status).toBe(415);
    expect((await fetch(url, { method: 'POST', headers: { ...BOTH, ...base, accept: 'application/json' }, body: ping })).status).toBe(406);
    expect((await fetch(url, { method: 'POST', headers: { ...BOTH, ...base }, body: '{not json' })).status).toBe(400);
    expect((await post(url, [{ jsonrpc: '2.0', id: 10, method: 'ping' }], base)).status).toBe(400);
    expect((await post(url, { jsonrpc: '2.0', id: 11, method: 'ping' }, { ...base, 'mcp-protocol-version': '1999-01-01' })).status).toBe(400);
    expect((await fetch(url, { method: 'PUT', headers: base })).status).toBe(405);
  });

  it('replays exactly the missed events of one stream after Last-Event-ID', async () => {
    const url = await start();
    const id = await initialize(url);
    const headers = { 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' };
    // A slow tool call with progress: read the first event with an id, then drop the stream.
    const aborter = new AbortController();
    const res = await fetch(url, {
      method: 'POST',
      headers: { ...BOTH, ...headers },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 20,
        method: 'tools/call',
        params: { name: 'slow', arguments: { ms: 400, steps: 4 }, _meta: { progressToken: 'p' } },
      }),
      signal: aborter.signal,
    });
    const reader = res.body!.getReader();
    let text = '';
    while (!/id: [^\n]+\ndata: \{/.test(text)) text += new TextDecoder().decode((await reader.read()).value);
    aborter.abort();
    const seenEvents = events(text).filter((e) => e.data !== '');
    const last = seenEvents.at(-1)!.id!;
    // Meanwhile another request on its own stream: none of its events may show up in the replay.
    const other = await post(url, { jsonrpc: '2.0', id: 21, method: 'ping' }, headers);
    await other.text();
    const resumed = await fetch(url, { headers: { ...headers, accept: 'text/event-stream', 'last-event-id': last } });
    expect(resumed.status).toBe(200);
    // The resumed stream replays what was missed, then carries on live until the response.
    const replay = events(await resumed.text()).map((e) => JSON.parse(e.data) as { id?: number; method?: string });
    const all = [...seenEvents.map((e) => JSON.parse(e.data) as { id?: number; method?: string }), ...replay];
    expect(all.filter((m) => m.method === 'notifications/progress')).toHaveLength(4);
    expect(replay.at(-1)).toMatchObject({ id: 20 });
    expect(replay.some((m) => m.id === 21)).toBe(false);
  });

  it('streams SSE event by event and, when the client hangs up, cancels the stream it held', async () => {
    const mock = createServer({ record: false });
    handle = await serveStreamableHttp(mock);
    const url = handle.url;
    const id = await initialize(url);
    const headers = { 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25', accept: 'text/event-stream' };
    // The standalone GET stream never ends by itself: its priming event arrives while it is open.
    const aborter = new AbortController();
    const listening = await fetch(url, { headers, signal: aborter.signal });
    const reader = listening.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toMatch(/^id: \S+\ndata: \n\n/);
    // A second GET opens a second stream (a stream or 405 are the only answers the spec allows).
    const second = await fetch(url, { headers });
    expect(second.status).toBe(200);
    expect(second.headers.get('content-type')).toBe('text/event-stream');
    await second.body!.cancel();
    aborter.abort();
    // Hanging up detaches the stream: the session may open a new one.
    await vi.waitFor(async () => {
      const again = await fetch(url, { headers });
      expect(again.status).toBe(200);
      await again.body!.cancel();
    });

    // 2026-07-28: a listen stream's connection lives as long as the client holds the response.
    const stateless = new AbortController();
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const before = mock.connections.size;
    const listen = await fetch(url, {
      method: 'POST',
      headers: { ...BOTH, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'subscriptions/listen' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'subscriptions/listen', params: { notifications: { resourcesListChanged: true }, _meta: meta } }),
      signal: stateless.signal,
    });
    expect(new TextDecoder().decode((await listen.body!.getReader().read()).value)).toContain('notifications/subscriptions/acknowledged');
    expect(mock.connections.size).toBe(before + 1);
    stateless.abort();
    await vi.waitFor(() => expect(mock.connections.size).toBe(before));
  });

  it('answers 413 to a body over the limit and keeps the connection usable; refuses methods fetch cannot carry with 405', async () => {
    handle = await serveStreamableHttp(createServer({ record: false }), { maxBodyBytes: 1000 });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, body?: string) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = http.request(handle!.url, { method, agent, headers: BOTH }, (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        });
        req.on('error', reject);
        req.end(body);
      });
    try {
      const big = await send('POST', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(5000) } }));
      expect(big.status).toBe(413);
      expect(big.text).toContain('Payload Too Large');
      // The same socket (maxSockets 1, keep-alive) carries the next exchange.
      const init = await send(
        'POST',
        JSON.stringify({
          jsonrpc: '2.0',
          id: 2,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
        }),
      );
      expect(init.status).toBe(200);
      expect(init.text).toContain('"id":2,"result"');
      expect((await send('TRACE')).status).toBe(405);
    } finally {
      agent.destroy();
    }
  });
});
