// Unit tests of the mock server core: handler order and overrides, once, the unhandled strategies,
// interceptors, the recorder, and the protocol machinery every mock gets for free.
import { describe, expect, it, vi } from 'vitest';
import { createMockServer, mcp, ProtocolError, reply, type MockServer, type MockServerOptions } from './index.js';

const INFO = { name: 'unit', version: '1.2.3' };
const silentLogger = { warn: () => undefined, error: () => undefined };

function setup(options: Partial<MockServerOptions> = {}) {
  const server = createMockServer({ serverInfo: INFO, capabilities: { tools: {} }, logger: silentLogger, ...options });
  const out: Record<string, unknown>[] = [];
  const connection = server.connect((m) => out.push(m as Record<string, unknown>));
  return { server, connection, out };
}

function initialize(connection: ReturnType<MockServer['connect']>, protocolVersion = '2025-06-18', capabilities: Record<string, unknown> = {}) {
  connection.receive({ jsonrpc: '2.0', id: 'init', method: 'initialize', params: { protocolVersion, capabilities, clientInfo: { name: 't', version: '1' } } });
  connection.receive({ jsonrpc: '2.0', method: 'notifications/initialized' });
}

const call = (id: number | string, method: string, params?: Record<string, unknown>) => ({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('handlers', () => {
  it('answers with the first matching handler, and use() prepends overrides', () => {
    const { server, connection, out } = setup({ handlers: [mcp.request('tools/list', () => ({ tools: [{ name: 'initial' }] }))] });
    initialize(connection);
    connection.receive(call(1, 'tools/list'));
    server.use(mcp.request('tools/list', () => ({ tools: [{ name: 'override' }] })));
    connection.receive(call(2, 'tools/list'));
    server.use(mcp.request('tools/list', () => ({ tools: [{ name: 'newest' }] })));
    connection.receive(call(3, 'tools/list'));
    expect(out.slice(1).map((m) => (m.result as { tools: { name: string }[] }).tools[0]!.name)).toEqual(['initial', 'override', 'newest']);
  });

  it('passes the request on when a resolver returns undefined', () => {
    const seen: string[] = [];
    const { connection, out } = setup({
      handlers: [
        mcp.request('tools/call', (ctx) => {
          seen.push('first');
          return ctx.params.name === 'mine' ? { content: [] } : undefined;
        }),
        mcp.request('tools/call', () => {
          seen.push('second');
          return { content: [{ type: 'text', text: 'fallback' }] };
        }),
      ],
    });
    initialize(connection);
    connection.receive(call(1, 'tools/call', { name: 'other' }));
    expect(seen).toEqual(['first', 'second']);
    expect(out.at(-1)).toMatchObject({ id: 1, result: { content: [{ text: 'fallback' }] } });
  });

  it('matches by predicate as well as by method', () => {
    const { connection, out } = setup({
      handlers: [
        mcp.request(
          (req) => req.method.startsWith('custom/'),
          (ctx) => ({ echoed: ctx.method }),
        ),
      ],
    });
    initialize(connection);
    connection.receive(call(1, 'custom/thing'));
    expect(out.at(-1)).toEqual({ jsonrpc: '2.0', id: 1, result: { echoed: 'custom/thing' } });
  });

  it('resetHandlers drops overrides, or replaces the initial handlers when given some', () => {
    const { server, connection, out } = setup({ handlers: [mcp.request('x/y', () => ({ v: 'initial' }))] });
    initialize(connection);
    server.use(mcp.request('x/y', () => ({ v: 'override' })));
    server.resetHandlers();
    connection.receive(call(1, 'x/y'));
    server.resetHandlers(mcp.request('x/y', () => ({ v: 'replaced' })));
    connection.receive(call(2, 'x/y'));
    expect(out.slice(1).map((m) => (m.result as { v: string }).v)).toEqual(['initial', 'replaced']);
    expect(server.listHandlers()).toHaveLength(1);
  });

  it('a once handler answers one request, and restoreHandlers() re-arms it', () => {
    const { server, connection, out } = setup({ handlers: [mcp.request('x/y', () => ({ v: 'base' }))] });
    initialize(connection);
    server.use(mcp.request('x/y', () => ({ v: 'once' }), { once: true }));
    connection.receive(call(1, 'x/y'));
    connection.receive(call(2, 'x/y'));
    server.restoreHandlers();
    connection.receive(call(3, 'x/y'));
    expect(out.slice(1).map((m) => (m.result as { v: string }).v)).toEqual(['once', 'base', 'once']);
  });

  it('turns a thrown ProtocolError into that error and any other throw into -32603', async () => {
    const { connection, out } = setup({
      handlers: [
        mcp.request('a/b', () => {
          throw new ProtocolError(-32602, 'bad thing', { why: 1 });
        }),
        mcp.request('c/d', async () => {
          throw new Error('boom');
        }),
        mcp.request('e/f', () => reply.error(-32000, 'custom')),
      ],
    });
    initialize(connection);
    connection.receive(call(1, 'a/b'));
    connection.receive(call(2, 'c/d'));
    connection.receive(call(3, 'e/f'));
    await flush();
    expect(out.slice(1)).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'bad thing', data: { why: 1 } } },
      { jsonrpc: '2.0', id: 3, error: { code: -32000, message: 'custom' } },
      { jsonrpc: '2.0', id: 2, error: { code: -32603, message: 'Internal error: boom' } },
    ]);
  });

  it('reply.none() leaves a request unanswered', () => {
    const { connection, out } = setup({ handlers: [mcp.request('hang/forever', () => reply.none())] });
    initialize(connection);
    connection.receive(call(1, 'hang/forever'));
    expect(out).toHaveLength(1);
    expect(connection.state.inFlight).toBe(1);
  });

  it('runs every matching notification listener', () => {
    const heard: string[] = [];
    const { connection } = setup({
      handlers: [
        mcp.notification('notifications/roots/list_changed', () => void heard.push('a')),
        mcp.notification(
          (n) => n.method.endsWith('list_changed'),
          () => void heard.push('b'),
          { once: true },
        ),
      ],
    });
    connection.receive({ jsonrpc: '2.0', method: 'notifications/roots/list_changed' });
    connection.receive({ jsonrpc: '2.0', method: 'notifications/roots/list_changed' });
    expect(heard).toEqual(['a', 'b', 'a']);
  });
});

describe('unhandled requests', () => {
  it('answer -32601 and are reported by the warn strategy with the method and a fix', () => {
    const warn = vi.fn();
    const { server, connection, out } = setup({ logger: { warn, error: () => undefined } });
    initialize(connection);
    connection.receive(call(1, 'tools/list'));
    expect(out.at(-1)).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found: tools/list' } });
    expect(server.unhandled).toEqual([{ connection: connection.id, method: 'tools/list', params: {}, revision: '2025-06-18' }]);
    expect(warn.mock.calls[0]![0]).toMatch(/Failed to answer request "tools\/list".*server\.use\(mcp\.request\('tools\/list'/);
  });

  it('the error strategy reports through logger.error, silent reports nothing', () => {
    const error = vi.fn();
    const loud = setup({ onUnhandledRequest: 'error', logger: { warn: () => undefined, error } });
    initialize(loud.connection);
    loud.connection.receive(call(1, 'x/unknown'));
    expect(error).toHaveBeenCalledOnce();
    const quiet = setup({ onUnhandledRequest: 'silent' });
    initialize(quiet.connection);
    quiet.connection.receive(call(1, 'x/unknown'));
    expect(quiet.server.unhandled).toEqual([]);
    expect(quiet.out.at(-1)).toMatchObject({ error: { code: -32601 } });
  });

  it('a callback strategy may answer the request itself', () => {
    const { connection, out } = setup({ onUnhandledRequest: (ctx) => ({ handledBy: 'callback', method: ctx.method }) });
    initialize(connection);
    connection.receive(call(1, 'x/unknown'));
    expect(out.at(-1)).toEqual({ jsonrpc: '2.0', id: 1, result: { handledBy: 'callback', method: 'x/unknown' } });
  });
});

describe('interceptors', () => {
  it('transform, drop and duplicate outgoing messages, and can be removed', () => {
    const { server, connection, out } = setup();
    initialize(connection);
    const remove = server.intercept({
      outgoing: (m, info) => {
        if (info.inReplyTo?.id === 1) return [{ ...m, planted: true }];
        if (info.inReplyTo?.id === 2) return [];
        if (info.inReplyTo?.id === 3) return [m, m];
        return undefined;
      },
    });
    for (const id of [1, 2, 3]) connection.receive(call(id, 'ping'));
    remove();
    connection.receive(call(4, 'ping'));
    expect(out.slice(1)).toEqual([
      { jsonrpc: '2.0', id: 1, result: {}, planted: true },
      { jsonrpc: '2.0', id: 3, result: {} },
      { jsonrpc: '2.0', id: 3, result: {} },
      { jsonrpc: '2.0', id: 4, result: {} },
    ]);
  });

  it('rewrite incoming messages before the server sees them', () => {
    const { server, connection, out } = setup();
    server.intercept({
      incoming: (m) =>
        typeof m === 'object' && m !== null && (m as { method?: string }).method === 'ping' ? [{ ...(m as object), id: 'rewritten' }] : undefined,
    });
    connection.receive(call(1, 'ping'));
    expect(out).toEqual([{ jsonrpc: '2.0', id: 'rewritten', result: {} }]);
  });
});

describe('recorder', () => {
  it('records every message and pairs requests with responses in both directions', async () => {
    const { server, connection } = setup({
      handlers: [mcp.request('tools/call', async (ctx) => ({ content: [{ type: 'text', text: JSON.stringify(await ctx.requestClient('roots/list')) }] }))],
    });
    initialize(connection, '2025-06-18', { roots: {} });
    connection.receive(call(7, 'tools/call', { name: 'x' }));
    connection.receive({ jsonrpc: '2.0', id: 1, result: { roots: [] } });
    await flush();
    const exchanges = server.recorder.exchanges();
    expect(exchanges.map((e) => [e.initiator, e.method, e.id, e.response !== undefined])).toEqual([
      ['client', 'initialize', 'init', true],
      ['client', 'tools/call', 7, true],
      ['server', 'roots/list', 1, true],
    ]);
    expect(server.recorder.notifications(undefined, 'in').map((n) => n.method)).toEqual(['notifications/initialized']);
    expect(server.recorder.messages.every((m) => m.connection === connection.id)).toBe(true);
    server.recorder.clear();
    expect(server.recorder.messages).toEqual([]);
  });

  it('can be turned off', () => {
    const { server, connection } = setup({ record: false });
    connection.receive(call(1, 'ping'));
    expect(server.recorder.messages).toEqual([]);
  });
});

describe('protocol machinery', () => {
  it('keeps ids exactly, string or number', () => {
    const { connection, out } = setup();
    connection.receive(call('7', 'ping'));
    connection.receive(call(7, 'ping'));
    expect(out.map((m) => m.id)).toEqual(['7', 7]);
  });

  it('answers JSON-RPC errors: parse error, invalid request, params not an object, id in use', () => {
    const { connection, out } = setup({ handlers: [mcp.request('hang/x', () => reply.none())] });
    initialize(connection);
    out.length = 0;
    connection.receiveText('{"jsonrpc":');
    connection.receive(42);
    connection.receive({ jsonrpc: '1.0', id: 5, method: 'ping' });
    connection.receive({ jsonrpc: '2.0', id: { no: 1 }, method: 'ping' });
    connection.receive({ jsonrpc: '2.0', id: 6, method: 'ping', params: [1] });
    connection.receive(call(8, 'hang/x'));
    connection.receive(call(8, 'ping'));
    connection.receiveText('   ');
    expect(out.map((m) => [m.id, (m.error as { code: number }).code])).toEqual([
      [null, -32700],
      [null, -32600],
      [5, -32600],
      [null, -32600],
      [6, -32602],
      [8, -32600],
    ]);
  });

  it('never answers notifications, known or unknown, nor responses to nothing', () => {
    const { connection, out } = setup();
    connection.receive({ jsonrpc: '2.0', method: 'notifications/whatever', params: {} });
    connection.receive({ jsonrpc: '2.0', id: 99, result: {} });
    connection.receive({ jsonrpc: '2.0', id: 99, error: { code: 'bad' } });
    expect(out).toEqual([]);
  });

  it('refuses requests before initialize in a stateful-only server, but answers ping', () => {
    const { connection, out } = setup({ revisions: ['2025-06-18'] });
    connection.receive(call(1, 'tools/list'));
    connection.receive(call(2, 'ping'));
    expect(out[0]).toMatchObject({ id: 1, error: { code: -32600 } });
    expect(out[1]).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
  });

  it('refuses a second initialize and methods of undeclared capabilities', () => {
    const { connection, out } = setup({ capabilities: {} });
    initialize(connection);
    connection.receive(call(2, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'a', version: '1' } }));
    connection.receive(call(3, 'tools/list'));
    expect(out[1]).toMatchObject({ id: 2, error: { code: -32600 } });
    expect(out[2]).toMatchObject({ id: 3, error: { code: -32601 } });
  });

  it('aborts a cancelled request and sends nothing for it; initialize cannot be cancelled', async () => {
    let aborted = false;
    const { connection, out } = setup({
      handlers: [
        mcp.request('work/slow', async (ctx) => {
          ctx.signal.addEventListener('abort', () => (aborted = true));
          await ctx.delay(50);
          return { done: true };
        }),
      ],
    });
    initialize(connection);
    connection.receive(call(1, 'work/slow'));
    connection.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, reason: 'test' } });
    connection.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'never-sent' } });
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(aborted).toBe(true);
    expect(out).toHaveLength(1);
    expect(connection.state.inFlight).toBe(0);
  });

  it('does not let initialize be cancelled', async () => {
    const { server, connection, out } = setup();
    // An asynchronous override that passes on to the built-in initialize, leaving room for a cancel.
    server.use(mcp.request('initialize', async () => undefined));
    connection.receive(call('init', 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } }));
    connection.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'init' } });
    await flush();
    expect(out).toMatchObject([{ id: 'init', result: { protocolVersion: '2025-06-18' } }]);
  });

  it('tells a client that sent a request too early to a dual-era server how to proceed', () => {
    const { connection, out } = setup();
    connection.receive(call(1, 'tools/list'));
    expect(out[0]).toMatchObject({ id: 1, error: { code: -32602, message: expect.stringMatching(/send initialize first$/) } });
  });

  it('times out a server-to-client request, cancels it at the client, and refuses undeclared capabilities', async () => {
    const outcomes: string[] = [];
    const { connection, out } = setup({
      clientRequestTimeoutMs: 20,
      handlers: [
        mcp.request('ask/client', async (ctx) => {
          for (const method of ['roots/list', 'sampling/createMessage']) {
            try {
              await ctx.requestClient(method, method === 'sampling/createMessage' ? { messages: [], maxTokens: 1 } : undefined);
              outcomes.push(`${method}: answered`);
            } catch (err) {
              outcomes.push(`${method}: ${(err as { reason?: string }).reason}`);
            }
          }
          return {};
        }),
      ],
    });
    initialize(connection, '2025-06-18', { roots: {} });
    connection.receive(call(1, 'ask/client'));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(outcomes).toEqual(['roots/list: timeout', 'sampling/createMessage: missing-capability']);
    expect(out.slice(1).map((m) => m.method ?? m.id)).toEqual(['roots/list', 'notifications/cancelled', 1]);
  });
});

describe('batches', () => {
  it('are answered as an array only at 2025-03-26, with invalid members answered inside it', async () => {
    const { connection, out } = setup({
      handlers: [
        mcp.request('work/slow', async (ctx) => {
          await ctx.delay(5);
          return { slow: true };
        }),
      ],
    });
    initialize(connection, '2025-03-26');
    out.length = 0;
    connection.receive([call(1, 'work/slow'), call(2, 'ping'), { jsonrpc: '2.0', method: 'notifications/x' }, 'junk']);
    expect(out).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(out).toHaveLength(1);
    expect(out[0]).toEqual([
      { jsonrpc: '2.0', id: 2, result: {} },
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: a message must be a JSON object' } },
      { jsonrpc: '2.0', id: 1, result: { slow: true } },
    ]);
    connection.receive([]);
    expect(out[1]).toMatchObject({ id: null, error: { code: -32600 } });
  });

  it('are refused with -32600 before initialization and at other revisions', () => {
    for (const revision of ['2024-11-05', '2025-06-18', '2025-11-25']) {
      const { connection, out } = setup();
      connection.receive([call(1, 'ping')]);
      initialize(connection, revision);
      connection.receive([call(2, 'ping')]);
      expect(out[0]).toMatchObject({ id: null, error: { code: -32600 } });
      expect(out.at(-1)).toMatchObject({ id: null, error: { code: -32600 } });
    }
  });
});

describe('stateless revision (2026-07-28)', () => {
  const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

  it('decorates results with resultType and serverInfo, and cacheable ones with cache hints', () => {
    const { connection, out } = setup({ handlers: [mcp.request('tools/list', () => ({ tools: [] })), mcp.request('tools/call', () => ({ content: [] }))] });
    connection.receive(call(1, 'tools/list', { _meta: meta }));
    connection.receive(call(2, 'tools/call', { name: 'x', _meta: meta }));
    expect(out[0]).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { tools: [], resultType: 'complete', ttlMs: 0, cacheScope: 'public', _meta: { 'io.modelcontextprotocol/serverInfo': INFO } },
    });
    expect(out[1]).toEqual({ jsonrpc: '2.0', id: 2, result: { content: [], resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': INFO } } });
  });

  it('sends log messages only when the request asks for a level, and only at or above it', () => {
    const { connection, out } = setup({
      capabilities: { tools: {}, logging: {} },
      handlers: [
        mcp.request('tools/call', (ctx) => {
          for (const level of ['debug', 'warning', 'error'] as const) ctx.log(level, level);
          return { content: [] };
        }),
      ],
    });
    connection.receive(call(1, 'tools/call', { name: 'x', _meta: meta }));
    connection.receive(call(2, 'tools/call', { name: 'x', _meta: { ...meta, 'io.modelcontextprotocol/logLevel': 'warning' } }));
    connection.receive(call(3, 'tools/call', { name: 'x', _meta: { ...meta, 'io.modelcontextprotocol/logLevel': 'loud' } }));
    expect(out.map((m) => m.method ?? m.id)).toEqual([1, 'notifications/message', 'notifications/message', 2, 3]);
    expect(out.filter((m) => m.method).map((m) => (m.params as { level: string }).level)).toEqual(['warning', 'error']);
    expect(out.at(-1)).toMatchObject({ error: { code: -32602 } });
  });

  it('has no server-initiated requests', async () => {
    let failure = '';
    const { connection } = setup({
      handlers: [
        mcp.request('tools/call', async (ctx) => {
          await ctx.requestClient('roots/list').catch((err: Error) => (failure = err.message));
          return { content: [] };
        }),
      ],
    });
    connection.receive(call(1, 'tools/call', { name: 'x', _meta: { ...meta, 'io.modelcontextprotocol/clientCapabilities': { roots: {} } } }));
    await flush();
    expect(failure).toMatch(/input_required/);
  });
});

describe('broadcasts', () => {
  it('resource updates reach stateful subscribers and 2026 listen streams, each as the revision wants', () => {
    const server = createMockServer({ serverInfo: INFO, capabilities: { resources: { subscribe: true } }, logger: silentLogger });
    const legacyOut: Record<string, unknown>[] = [];
    const legacy = server.connect((m) => legacyOut.push(m as Record<string, unknown>));
    initialize(legacy);
    legacy.receive(call(1, 'resources/subscribe', { uri: 'x://a' }));
    const modernOut: Record<string, unknown>[] = [];
    const modern = server.connect((m) => modernOut.push(m as Record<string, unknown>));
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
    modern.receive(call('listen-1', 'subscriptions/listen', { _meta: meta, notifications: { resourceSubscriptions: ['x://a'], toolsListChanged: true } }));
    expect(server.resourceUpdated('x://a')).toBe(2);
    expect(server.resourceUpdated('x://other')).toBe(0);
    expect(server.listChanged('tools')).toBe(0); // nobody declared tools.listChanged
    expect(legacyOut.at(-1)).toEqual({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'x://a' } });
    expect(modernOut).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 'listen-1' }, notifications: { resourceSubscriptions: ['x://a'] } },
      },
      {
        jsonrpc: '2.0',
        method: 'notifications/resources/updated',
        params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 'listen-1' }, uri: 'x://a' },
      },
    ]);
    modern.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'listen-1' } });
    expect(server.resourceUpdated('x://a')).toBe(1);
    expect(modernOut).toHaveLength(2);
  });

  it('task status reaches only listen streams that follow the task, and by default none follows any', () => {
    const caps = { extensions: { 'io.modelcontextprotocol/tasks': {} } };
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': caps };
    const listen = (server: ReturnType<typeof createMockServer>, taskIds: unknown) => {
      const out: Record<string, unknown>[] = [];
      server
        .connect((m) => out.push(m as Record<string, unknown>))
        .receive(call('listen-t', 'subscriptions/listen', { _meta: meta, notifications: { taskIds } }));
      return out;
    };
    const plain = createMockServer({ serverInfo: INFO, capabilities: caps, logger: silentLogger });
    const unfollowed = listen(plain, ['t1']);
    expect(unfollowed[0]).toMatchObject({ params: { notifications: {} } });
    expect(plain.taskStatus({ taskId: 't1', status: 'working' })).toBe(0);
    // The server agrees to known ids only, and never to one the stream did not list.
    const server = createMockServer({ serverInfo: INFO, capabilities: caps, logger: silentLogger, taskIds: () => ['t1', 'unlisted'] });
    const out = listen(server, ['t1', 't2']);
    expect(out[0]).toMatchObject({ params: { notifications: { taskIds: ['t1'] } } });
    expect(server.taskStatus({ taskId: 't2', status: 'working' })).toBe(0);
    expect(server.taskStatus({ taskId: 't1', status: 'working' })).toBe(1);
    expect(out.at(-1)).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/tasks',
      params: { taskId: 't1', status: 'working', _meta: { 'io.modelcontextprotocol/subscriptionId': 'listen-t' } },
    });
    expect(listen(server, 'not-a-list')[0]).toMatchObject({ error: { code: -32602 } });
  });

  it('close() ends every connection and aborts what is in flight', () => {
    const { server, connection } = setup({ handlers: [mcp.request('hang/x', () => reply.none())] });
    initialize(connection);
    connection.receive(call(1, 'hang/x'));
    server.close();
    expect(connection.closed).toBe(true);
    expect(server.connections.size).toBe(0);
  });
});

describe('options', () => {
  it('rejects unknown or empty revision lists with a message naming the fix', () => {
    expect(() => createMockServer({ serverInfo: INFO, revisions: [] })).toThrow(/revisions` is empty/);
    expect(() => createMockServer({ serverInfo: INFO, revisions: ['2099-01-01' as never] })).toThrow(/not a known revision. Known: 2024-11-05/);
  });
});
