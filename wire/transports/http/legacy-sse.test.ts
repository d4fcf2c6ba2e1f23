// The legacy HTTP+SSE client transport against scripted servers: the endpoint event, POSTs to the
// announced URL, answers as `message` events, and a bounded start when no endpoint is announced.
import http, { type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Session } from '../../protocol/index.js';
import { LegacySseTransport } from './legacy-sse.js';

const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

async function serve(announce: boolean): Promise<{ url: string; posts: string[] }> {
  const posts: string[] = [];
  let stream: ServerResponse | undefined;
  const server = http.createServer(async (req, res) => {
    if (req.method === 'GET') {
      stream = res;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(': comment to flush headers\n\n');
      if (announce) res.write('event: endpoint\ndata: /messages?sessionId=s1\n\n');
      return;
    }
    let body = '';
    for await (const chunk of req) body += String(chunk);
    posts.push(`${req.url} ${body}`);
    res.writeHead(202).end();
    const msg = JSON.parse(body) as { id?: number };
    if (msg.id !== undefined) stream?.write(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: {} })}\n\n`);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sse`, posts };
}

describe('LegacySseTransport', () => {
  it('posts to the announced endpoint and reads answers from the event stream', async () => {
    const { url, posts } = await serve(true);
    const transport = new LegacySseTransport({ url, timeoutMs: 2000 });
    await transport.start();
    const session = new Session(transport);
    const entry = await session.request('ping', undefined);
    expect(await session.response(entry, 2000)).toMatchObject({ id: entry.id, result: {} });
    await transport.close();
    expect(posts[0]).toMatch(/^\/messages\?sessionId=s1 \{"jsonrpc":"2.0","id":1,"method":"ping"\}$/);
    expect(session.http.map((h) => `${h.method} ${h.status}`)).toEqual(['GET 200', 'POST 202']);
  });

  it('fails to start, bounded, when no endpoint event comes', async () => {
    const { url } = await serve(false);
    const transport = new LegacySseTransport({ url, timeoutMs: 300 });
    await expect(transport.start()).rejects.toThrow(/no `endpoint` event within 300 ms/);
    await transport.close();
  });
});
