// The in-memory transport keeps the Transport contract of wire/protocol: stdio-like framing of
// what is sent, asynchronous in-order events, one connection per transport, and a close report.
import { describe, expect, it } from 'vitest';
import type { TransportEvent } from '../../wire/protocol/index.js';
import { createMockServer, mcp } from '../core/index.js';
import { createReferenceServer } from '../reference/index.js';
import { createInMemoryTransport } from './index.js';

const ping = (id: number | string) => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' });

function collect(transport: ReturnType<typeof createInMemoryTransport>) {
  const events: TransportEvent[] = [];
  transport.onEvent((e) => events.push(e));
  return events;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createInMemoryTransport', () => {
  it('delivers messages asynchronously, in order, with the text a pipe would carry', async () => {
    const t = createInMemoryTransport(createReferenceServer());
    await t.start();
    const events = collect(t);
    const sent = [t.send(ping(1)), t.send(ping(2))];
    // Nothing happens inside send(): the server reads the input later, as from a pipe.
    expect(events).toEqual([]);
    await Promise.all(sent);
    await tick();
    expect(events).toEqual([
      { kind: 'message', message: { jsonrpc: '2.0', id: 1, result: {} }, text: '{"jsonrpc":"2.0","id":1,"result":{}}' },
      { kind: 'message', message: { jsonrpc: '2.0', id: 2, result: {} }, text: '{"jsonrpc":"2.0","id":2,"result":{}}' },
    ]);
    expect(t.kind).toBe('in-memory');
  });

  it('frames raw sends like stdio: split and joined lines, and -32700 for text that is not JSON', async () => {
    const t = createInMemoryTransport(createReferenceServer());
    await t.start();
    const events = collect(t);
    const line = ping('split');
    await t.send(line.slice(0, 10), { raw: true });
    await t.send(`${line.slice(10)}\n${ping('joined')}\nnot json\n`, { raw: true });
    await tick();
    const ids = events.map((e) => (e.kind === 'message' ? (e.message as { id: unknown }).id : e.kind));
    expect(ids).toEqual(['split', 'joined', null]);
    expect(events[2]).toMatchObject({ kind: 'message', message: { error: { code: -32700 } } });
  });

  it('answers an overlong line with -32700 instead of reading it', async () => {
    const t = createInMemoryTransport(createReferenceServer(), { maxLineBytes: 64 });
    await t.start();
    const events = collect(t);
    await t.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(100) } }));
    await tick();
    expect(events).toMatchObject([{ kind: 'message', message: { id: null, error: { code: -32700 } } }]);
  });

  it('buffers events until a listener is registered', async () => {
    const t = createInMemoryTransport(createReferenceServer());
    await t.send(ping(1));
    await tick();
    const events = collect(t);
    expect(events).toHaveLength(1);
  });

  it('gives each transport its own connection to the shared server', async () => {
    const server = createReferenceServer();
    const a = createInMemoryTransport(server);
    const b = createInMemoryTransport(server);
    await a.start();
    await b.start();
    expect(server.connections.size).toBe(2);
    expect(a.connection).not.toBe(b.connection);
    await a.close();
    expect(server.connections.size).toBe(1);
  });

  it('reads a final line without newline on close, then reports a graceful end', async () => {
    const t = createInMemoryTransport(createReferenceServer());
    await t.start();
    const events = collect(t);
    await t.send(ping('last'), { raw: true });
    const report = await t.close();
    expect(report).toMatchObject({ exitedGracefully: true, escalation: 'none', exitCode: 0 });
    expect(events.map((e) => e.kind)).toEqual(['message', 'closed']);
    await t.send(ping('after'));
    await tick();
    expect(events).toHaveLength(2);
  });

  it('can emulate a server that ignores the end of its input', async () => {
    const t = createInMemoryTransport(createMockServer({ serverInfo: { name: 'x', version: '1' } }), { exitOnInputClose: false });
    await t.start();
    const events = collect(t);
    const report = await t.close({ graceMs: 10 });
    expect(report).toMatchObject({ exitedGracefully: false, escalation: 'SIGTERM' });
    expect(events).toMatchObject([{ kind: 'closed', signal: 'SIGTERM' }]);
  });

  it('delivers notifications and responses of concurrent work in the order the server sent them', async () => {
    const server = createMockServer({
      serverInfo: { name: 'x', version: '1' },
      handlers: [
        mcp.request('work/steps', async (ctx) => {
          ctx.notify('notifications/message', { level: 'info', data: 'start' });
          await ctx.delay(5);
          ctx.notify('notifications/message', { level: 'info', data: 'end' });
          return { ok: true };
        }),
      ],
    });
    const t = createInMemoryTransport(server);
    const events = collect(t);
    await t.send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
      }),
    );
    await t.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'work/steps' }));
    await new Promise((resolve) => setTimeout(resolve, 30));
    const seen = events.map((e) =>
      e.kind === 'message' ? ((e.message as { method?: string; id?: number }).method ?? (e.message as { id: number }).id) : e.kind,
    );
    expect(seen).toEqual([1, 'notifications/message', 'notifications/message', 2]);
  });
});
