// The msw handlers with real clients: the TypeScript SDK 1.x and 2.x Streamable HTTP clients talk
// to a mock server at a URL that never opens a socket (msw intercepts fetch in-process), including
// a call whose SSE stream the mock drops so that the client must resume it with Last-Event-ID.
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockFromConfig } from '../config/index.js';
import { createMockServer, mcp } from '../core/index.js';
import { mcpHandlers } from './index.js';

const URL_ = 'http://mcp.test/mcp';
const mock = createMockFromConfig({
  serverInfo: { name: 'msw-mock', version: '1.0.0' },
  pageSize: 1,
  tools: [
    { name: 'echo', inputSchema: { type: 'object', properties: { text: { type: 'string' } } }, progress: [1, 2], text: 'you said ${arguments.text}' },
    { name: 'broken', error: { code: -32603, message: 'down' } },
  ],
});
const handlers = mcpHandlers({ url: URL_, server: mock });
const msw = setupServer(...handlers);
beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }));
afterEach(() => handlers.endpoint.close());
afterAll(() => msw.close());

describe('mcpHandlers (msw)', () => {
  it('serves the SDK 1.x Streamable HTTP client: session, pages, progress, errors', async () => {
    const client = new Client({ name: 'v1', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(URL_)));
    expect(handlers.endpoint.sessionCount).toBe(1);
    const first = await client.listTools();
    const second = await client.listTools({ cursor: first.nextCursor! });
    expect([...first.tools, ...second.tools].map((t) => t.name)).toEqual(['echo', 'broken']);
    const progress: number[] = [];
    const result = await client.callTool({ name: 'echo', arguments: { text: 'hi' } }, undefined, { onprogress: (p) => progress.push(p.progress) });
    expect(result.content).toEqual([{ type: 'text', text: 'you said hi' }]);
    expect(progress).toEqual([1, 2]);
    await expect(client.callTool({ name: 'broken', arguments: {} })).rejects.toThrow(/down/);
    await client.close();
    // Every exchange is on the mock's record for assertions.
    expect(mock.recorder.exchanges({ method: 'tools/call' }).length).toBeGreaterThanOrEqual(2);
  });

  it('serves the SDK 2.x client at 2026-07-28 (stateless: no session, per-request _meta)', async () => {
    const client = new ClientV2({ name: 'v2', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new TransportV2(new URL(URL_)));
    const listed = await client.listTools();
    // The 2.x client follows nextCursor itself.
    expect(listed.tools.map((t) => t.name)).toEqual(['echo', 'broken']);
    const result = await client.callTool({ name: 'echo', arguments: { text: 'there' } });
    expect(result.content).toEqual([{ type: 'text', text: 'you said there' }]);
    expect(handlers.endpoint.sessionCount).toBe(0);
    const call = mock.recorder.messages.find(
      (m) => m.direction === 'in' && (m.message as { params?: { arguments?: { text?: string } } }).params?.arguments?.text === 'there',
    );
    expect((call?.message as { params?: { _meta?: Record<string, unknown> } } | undefined)?.params?._meta?.['io.modelcontextprotocol/protocolVersion']).toBe(
      '2026-07-28',
    );
    await client.close();
  });

  it('refuses requests without a session, with an unknown one, and from a foreign origin', async () => {
    const post = (headers: Record<string, string>) =>
      fetch(URL_, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    // A stateful MCP-Protocol-Version header puts the request on the session wire, which needs a session.
    expect((await post({ 'mcp-protocol-version': '2025-11-25' })).status).toBe(400);
    expect((await post({ 'mcp-session-id': 'nope' })).status).toBe(404);
    // Without either, a dual-era mock reads it as a 2026-07-28 request that lacks its _meta (decision 0005),
    // refused with -32602 and, as basic/index asks for that refusal, HTTP 400.
    const stateless = await post({});
    expect(stateless.status).toBe(400);
    expect(await stateless.text()).toContain('-32602');
    expect((await post({ origin: 'http://evil.example' })).status).toBe(403);
  });

  it('works with a code-defined mock and per-test overrides', async () => {
    const server = createMockServer({
      serverInfo: { name: 'code', version: '1' },
      capabilities: { tools: {} },
      handlers: [mcp.request('tools/list', () => ({ tools: [] }))],
    });
    const local = mcpHandlers({ url: 'http://other.test/mcp', server });
    msw.use(...local);
    server.use(mcp.request('tools/list', () => ({ tools: [{ name: 'override', inputSchema: { type: 'object' } }] }), { once: true }));
    const client = new Client({ name: 'v1', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('http://other.test/mcp')));
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['override']);
    expect((await client.listTools()).tools).toEqual([]);
    await client.close();
    local.endpoint.close();
  });

  describe('a dropped stream (dropStream) is resumed with Last-Event-ID', () => {
    const dropping = createMockFromConfig({
      serverInfo: { name: 'dropping', version: '1.0.0' },
      revisions: ['2025-11-25'],
      tools: [{ name: 'dropped', text: 'answered on the resumed stream', dropStream: { retryMs: 10 } }],
    });
    const drops: string[] = [];
    const resumes: string[] = [];
    const url = 'http://dropping.test/mcp';
    const local = mcpHandlers({ url, server: dropping, observer: { streamDropped: ({ lastEventId }) => drops.push(lastEventId) } });

    beforeAll(() => {
      msw.use(...local);
      // Watch the GETs that carry Last-Event-ID without answering them (the mock's handler does).
      msw.events.on('request:start', ({ request }) => {
        const last = request.headers.get('last-event-id');
        if (request.url === url && request.method === 'GET' && last !== null) resumes.push(last);
      });
    });
    afterEach(() => {
      drops.length = 0;
      resumes.length = 0;
    });
    afterAll(() => {
      msw.events.removeAllListeners();
      local.endpoint.close();
    });

    const connectors: [string, () => Promise<{ callTool: Client['callTool']; close(): Promise<void> }>][] = [
      [
        'SDK 1.x',
        async () => {
          const client = new Client({ name: 'v1', version: '1.0.0' });
          await client.connect(new StreamableHTTPClientTransport(new URL(url)));
          return client;
        },
      ],
      [
        'SDK 2.x (at 2025-11-25)',
        async () => {
          const client = new ClientV2({ name: 'v2', version: '1.0.0' });
          await client.connect(new TransportV2(new URL(url)));
          return client as unknown as { callTool: Client['callTool']; close(): Promise<void> };
        },
      ],
    ];
    it.each(connectors)('by the %s client, which gets the answer', async (_name, connect) => {
      const client = await connect();
      const result = await client.callTool({ name: 'dropped', arguments: {} });
      expect(result.content).toEqual([{ type: 'text', text: 'answered on the resumed stream' }]);
      expect(drops).toHaveLength(1);
      // The client came back for exactly the stream the mock closed.
      expect(resumes).toEqual(drops);
      await client.close();
    });
  });
});
