// The Streamable HTTP client transport against a scripted node:http server: the headers it sends,
// JSON and SSE answers with event ids, resumption with Last-Event-ID, failures that end waits,
// and DELETE plus socket clean-up on close.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Session } from '../../protocol/index.js';
import { StreamableHttpTransport } from './streamable-http.js';

interface Seen {
  method: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Script = (req: IncomingMessage, body: string, res: ServerResponse) => void;

const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

async function serve(script: Script): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = http.createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    seen.push({ method: req.method ?? '', headers: req.headers, body });
    script(req, body, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, seen };
}

const initResult = (version: string) => ({ protocolVersion: version, capabilities: {}, serverInfo: { name: 's', version: '1' } });

function sse(res: ServerResponse, events: { id?: string; data: string }[], end = true): void {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const e of events) res.write(`${e.id ? `id: ${e.id}\n` : ''}data: ${e.data}\n\n`);
  if (end) res.end();
}

describe('StreamableHttpTransport', () => {
  it('delivered() waits for the answer to every POST that carries no request, so a later request cannot overtake it', async () => {
    const order: string[] = [];
    let releaseNotice: () => void = () => {};
    let noticeArrived: () => void = () => {};
    const arrived = new Promise<void>((resolve) => (noticeArrived = resolve));
    const { url } = await serve((req, body, res) => {
      if (req.method !== 'POST') return void res.writeHead(405).end();
      const msg = JSON.parse(body) as { id?: number; method: string };
      order.push(msg.method);
      if (msg.method === 'initialize') {
        res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 's1' });
        return void res.end(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: initResult('2025-06-18') }));
      }
      // The notification is taken only when the test says so: until then delivered() must wait.
      if (msg.id === undefined) {
        releaseNotice = () => res.writeHead(202).end();
        return noticeArrived();
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: {} }));
    });
    const transport = new StreamableHttpTransport({ url, timeoutMs: 2000, openGetStream: false });
    await transport.start();
    const session = new Session(transport);
    const init = await session.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } });
    await session.response(init, 2000);
    await session.notify('notifications/initialized');
    let settled = false;
    const waiting = transport.delivered().then(() => (settled = true));
    await arrived;
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    expect(order).toEqual(['initialize', 'notifications/initialized']);
    releaseNotice();
    await waiting;
    const ping = await session.request('ping', undefined);
    expect(await session.response(ping, 2000)).toMatchObject({ result: {} });
    expect(order).toEqual(['initialize', 'notifications/initialized', 'ping']);
    await transport.close();
  });

  it('sends Accept and Content-Type, captures the session id, then sends it with MCP-Protocol-Version', async () => {
    const { url, seen } = await serve((req, body, res) => {
      if (req.method === 'GET') return void res.writeHead(405).end();
      if (req.method === 'DELETE') return void res.writeHead(200).end();
      const msg = JSON.parse(body) as { id?: number; method: string };
      if (msg.method === 'initialize') {
        res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 'abc-123' });
        return void res.end(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: initResult('2025-06-18') }));
      }
      if (msg.id === undefined) return void res.writeHead(202).end();
      sse(res, [
        { id: 'e1', data: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } }) },
        { id: 'e2', data: JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: {} }) },
      ]);
    });
    const transport = new StreamableHttpTransport({ url, headers: { Authorization: 'Bearer t0k' }, timeoutMs: 2000 });
    await transport.start();
    const session = new Session(transport);
    const init = await session.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } });
    expect((await session.response(init, 2000))?.id).toBe(init.id);
    await session.notify('notifications/initialized');
    const ping = await session.request('ping', undefined);
    expect(await session.response(ping, 2000)).toMatchObject({ result: {} });
    await transport.close();

    const posts = seen.filter((s) => s.method === 'POST');
    expect(posts[0]!.headers.accept).toBe('application/json, text/event-stream');
    expect(posts[0]!.headers['content-type']).toBe('application/json');
    expect(posts[0]!.headers['mcp-session-id']).toBeUndefined();
    expect(posts[0]!.headers.authorization).toBe('Bearer t0k');
    for (const later of posts.slice(1)) {
      expect(later.headers['mcp-session-id']).toBe('abc-123');
      expect(later.headers['mcp-protocol-version']).toBe('2025-06-18');
    }
    expect(seen.some((s) => s.method === 'GET')).toBe(true);
    expect(seen.at(-1)).toMatchObject({ method: 'DELETE', headers: { 'mcp-session-id': 'abc-123' } });
    // SSE messages carry their stream and event id; HTTP exchanges are recorded in order.
    const note = session.inbound.find((m) => m.kind === 'notification');
    expect(note).toMatchObject({ eventId: 'e1' });
    expect(note?.streamId).toMatch(/^post-/);
    expect(session.http.map((h) => `${h.method} ${h.status}`)).toContain('POST 202');
    expect(session.http.find((h) => h.method === 'GET')?.status).toBe(405);
  });

  it('does not send MCP-Protocol-Version for revisions that have no such header', async () => {
    const { url, seen } = await serve((req, body, res) => {
      if (req.method !== 'POST') return void res.writeHead(405).end();
      const msg = JSON.parse(body) as { id?: number; method: string };
      if (msg.id === undefined) return void res.writeHead(202).end();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: msg.method === 'initialize' ? initResult('2025-03-26') : {} }));
    });
    const transport = new StreamableHttpTransport({ url, timeoutMs: 2000 });
    const session = new Session(transport);
    await session.response(await session.request('initialize', { protocolVersion: '2025-03-26' }), 2000);
    await session.response(await session.request('ping', undefined), 2000);
    await transport.close();
    expect(seen.filter((s) => s.method === 'POST').every((s) => s.headers['mcp-protocol-version'] === undefined)).toBe(true);
  });

  it('gives a stateless request without _meta the headers of the cell revision, so the server reads it as that revision', async () => {
    const { url, seen } = await serve((_req, body, res) => {
      const msg = JSON.parse(body) as { id: number };
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: msg.id, error: { code: -32602, message: 'missing _meta' } }));
    });
    const transport = new StreamableHttpTransport({ url, timeoutMs: 2000, revision: '2026-07-28' });
    const session = new Session(transport);
    const bare = await session.request('tools/call', { name: 'echo' });
    expect(await session.response(bare, 2000)).toMatchObject({ error: { code: -32602 } });
    await transport.close();
    expect(seen[0]!.headers).toMatchObject({ 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'echo' });
  });
  it('mirrors x-mcp-header arguments of a tool a 2026-07-28 tools/list showed into Mcp-Param-* headers, leaving out null ones', async () => {
    const tool = {
      name: 'sql',
      inputSchema: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' }, n: { type: 'integer', 'x-mcp-header': 'N' } } },
    };
    const { url, seen } = await serve((_req, body, res) => {
      const msg = JSON.parse(body) as { id: number; method: string };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: msg.method === 'tools/list' ? { tools: [tool] } : { content: [] } }));
    });
    const transport = new StreamableHttpTransport({ url, timeoutMs: 2000, revision: '2026-07-28' });
    const session = new Session(transport);
    const list = await session.request('tools/list', {});
    await session.response(list, 2000);
    const call = await session.request('tools/call', { name: 'sql', arguments: { region: ' eu ', n: null } });
    await session.response(call, 2000);
    await transport.close();
    expect(seen[1]!.headers['mcp-param-region']).toBe('=?base64?IGV1IA==?=');
    expect(seen[1]!.headers['mcp-param-n']).toBeUndefined();
  });

  it('resumes a POST stream cut before its response with GET and Last-Event-ID', async () => {
    const { url, seen } = await serve((req, body, res) => {
      if (req.method === 'GET' && req.headers['last-event-id'] === 'p1') {
        return sse(res, [{ id: 'p2', data: JSON.stringify({ jsonrpc: '2.0', id: 7, result: { resumed: true } }) }]);
      }
      if (req.method !== 'POST') return void res.writeHead(405).end();
      // The stream ends after one event, before the response.
      sse(res, [{ id: 'p1', data: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } }) }]);
      void body;
    });
    const transport = new StreamableHttpTransport({ url, timeoutMs: 2000 });
    const session = new Session(transport);
    const entry = await session.request('tools/call', { name: 'x' }, { id: 7 });
    expect(await session.response(entry, 2000)).toMatchObject({ result: { resumed: true } });
    await transport.close();
    expect(seen.find((s) => s.method === 'GET')?.headers['last-event-id']).toBe('p1');
  });

  it('takes a JSON-RPC error without id in a refused POST as the answer to the one request it carried', async () => {
    const { url } = await serve((_req, _body, res) => {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } }));
    });
    const transport = new StreamableHttpTransport({ url, timeoutMs: 2000 });
    const session = new Session(transport);
    const started = Date.now();
    const entry = await session.request('ping', undefined);
    expect(await session.response(entry, 2000)).toMatchObject({ error: { code: -32001 } });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(session.anomalies).toEqual([]);
    await transport.close();
  });

  it('ends the wait at once when a refused POST has no JSON-RPC answer, and keeps the body in the transcript', async () => {
    const { url } = await serve((_req, _body, res) => {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>');
    });
    const transport = new StreamableHttpTransport({ url, timeoutMs: 2000 });
    const session = new Session(transport);
    const started = Date.now();
    const entry = await session.request('ping', undefined);
    expect(await session.response(entry, 2000)).toBeUndefined();
    expect(entry.undelivered).toMatch(/HTTP 404/);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(session.anomalies).toEqual([]);
    expect(session.http[0]?.body).toBe('<h1>Not Found</h1>');
    expect(session.transcript.some((t) => t.text === '(HTTP 404 body) <h1>Not Found</h1>')).toBe(true);
    await transport.close();
  });

  it('reports a body on the 202 to a notification, even `null`, and keeps a refusal of one out of the conversation', async () => {
    let answer: [number, string] = [202, 'null'];
    const { url } = await serve((_req, _body, res) => {
      res.writeHead(answer[0], { 'content-type': 'application/json' }).end(answer[1]);
    });
    const transport = new StreamableHttpTransport({ url, timeoutMs: 2000 });
    const session = new Session(transport);
    await session.notify('notifications/initialized');
    await session.waitUntil(() => session.anomalies.length > 0, 2000);
    expect(session.anomalies).toMatchObject([{ kind: 'transport-violation', rule: 'transport.http.input-accepted-202' }]);
    answer = [400, JSON.stringify({ jsonrpc: '2.0', error: { code: -32600, message: 'no notifications here' } })];
    await session.notify('notifications/mcp-conform/unknown');
    await session.waitUntil(() => session.http.filter((x) => x.body !== undefined).length > 0, 2000);
    // An allowed refusal (an error status whose body is an error without id) answers nothing.
    expect(session.inbound).toEqual([]);
    expect(session.anomalies).toHaveLength(1);
    await transport.close();
  });

  it('reports a body that is not UTF-8 and a session id outside visible ASCII', async () => {
    const { url } = await serve((_req, body, res) => {
      // A DELETE at close has no body.
      const id = body ? (JSON.parse(body) as { id?: number }).id : undefined;
      res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 'bad\tsession' });
      res.end(
        Buffer.concat([
          Buffer.from(`{"jsonrpc":"2.0","id":${id},"result":{"protocolVersion":"2025-06-18","x":"`),
          Buffer.from([0xc3, 0x28]),
          Buffer.from('"}}'),
        ]),
      );
    });
    const transport = new StreamableHttpTransport({ url, timeoutMs: 2000, openGetStream: false });
    const session = new Session(transport);
    const entry = await session.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } });
    expect(await session.response(entry, 2000)).toBeDefined();
    expect(session.anomalies.map((a) => a.rule).sort()).toEqual(['transport.http.session-id-visible-ascii', 'transport.messages.utf8']);
    await transport.close();
  });

  it('fails to start with a clear error when nothing listens', async () => {
    const transport = new StreamableHttpTransport({ url: 'http://127.0.0.1:9/mcp', timeoutMs: 300 });
    await expect(transport.start()).rejects.toThrow(/Failed to connect to http:\/\/127\.0\.0\.1:9\/mcp/);
    await transport.close();
  });

  it('bounds a server that never sends response headers, and close() returns promptly', async () => {
    const { url } = await serve(() => undefined);
    const transport = new StreamableHttpTransport({ url, timeoutMs: 300 });
    const session = new Session(transport);
    const entry = await session.request('ping', undefined);
    expect(await session.response(entry, 2000)).toBeUndefined();
    expect(entry.undelivered).toMatch(/no response headers within 300 ms/);
    const started = Date.now();
    await transport.close();
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
