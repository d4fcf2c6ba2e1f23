import { describe, expect, it } from 'vitest';
import {
  initializeParams,
  openingTexts,
  Session,
  type ClientIdentity,
  type CloseReport,
  type Transport,
  type TransportEvent,
} from '../../wire/protocol/index.js';
import { BARRIER_ID_BASE, SharedProcess } from './shared-process.js';

const client: ClientIdentity = { clientInfo: { name: 'c', version: '1' }, capabilities: {} };

/** A scripted process: records what was written and lets the test say what it writes back. */
class FakeProcess implements Transport {
  readonly kind = 'stdio' as const;
  readonly description = 'fake';
  readonly written: string[] = [];
  private listener: ((event: TransportEvent) => void) | undefined;
  /** Called on every write; may answer through `emit`. */
  onWrite: (text: string) => void = () => undefined;
  async start(): Promise<void> {}
  async send(text: string): Promise<void> {
    this.written.push(text);
    this.onWrite(text);
  }
  onEvent(listener: (event: TransportEvent) => void): void {
    this.listener = listener;
  }
  event(event: TransportEvent): void {
    this.listener?.(event);
  }
  emit(message: unknown): void {
    this.event({ kind: 'message', message, text: JSON.stringify(message) });
  }
  async close(): Promise<CloseReport> {
    return { exitedGracefully: true, escalation: 'none', ms: 0 };
  }
}

/** A lease with the events it received. */
function leaseOf(shared: SharedProcess): { transport: Transport; events: TransportEvent[] } {
  const transport = shared.lease();
  const events: TransportEvent[] = [];
  transport.onEvent((e) => events.push(e));
  return { transport, events };
}

const ids = (events: TransportEvent[]) => events.map((e) => (e.kind === 'message' ? (e.message as { id?: unknown }).id : e.kind));

describe('SharedProcess barrier', () => {
  it('gives what the process writes before the barrier answer to the finished cell, and hides the barrier', async () => {
    const fake = new FakeProcess();
    const shared = new SharedProcess(fake, '2026-07-28');
    const first = leaseOf(shared);
    fake.onWrite = (text) => {
      const { id } = JSON.parse(text) as { id: unknown };
      // Answers every request twice, the second copy only when the next line arrives.
      fake.emit({ jsonrpc: '2.0', id, result: {} });
      fake.onWrite = (next) => {
        fake.emit({ jsonrpc: '2.0', id, result: {} });
        fake.emit({ jsonrpc: '2.0', id: (JSON.parse(next) as { id: unknown }).id, result: {} });
      };
    };
    await first.transport.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    expect(await shared.barrier(client, 1000)).toBe(true);
    const second = leaseOf(shared);
    expect(ids(first.events)).toEqual([1, 1]);
    expect(ids(second.events)).toEqual([]);
    const barrier = JSON.parse(fake.written[1]!) as { id: number; method: string; params: { _meta: Record<string, unknown> } };
    expect(barrier.method).toBe('server/discover');
    // An integer far above a cell's counter: servers whose ids must be numbers answer it too.
    expect(barrier.id).toBeGreaterThan(BARRIER_ID_BASE);
    expect(Number.isInteger(barrier.id)).toBe(true);
    expect(barrier.params._meta['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28');
  });

  it('takes a string copy of its integer id for the barrier answer: it reaches no cell', async () => {
    const fake = new FakeProcess();
    const shared = new SharedProcess(fake, '2025-06-18');
    const first = leaseOf(shared);
    fake.onWrite = (text) => fake.emit({ jsonrpc: '2.0', id: String((JSON.parse(text) as { id: unknown }).id), result: {} });
    expect(await shared.barrier(client, 1000)).toBe(true);
    expect(first.events).toEqual([]);
  });

  it('pings at stateful revisions', async () => {
    const fake = new FakeProcess();
    const shared = new SharedProcess(fake, '2025-06-18');
    leaseOf(shared);
    fake.onWrite = (text) => fake.emit({ jsonrpc: '2.0', id: (JSON.parse(text) as { id: unknown }).id, error: { code: -32601, message: 'no' } });
    expect(await shared.barrier(client, 1000)).toBe(true);
    expect(JSON.parse(fake.written[0]!)).toMatchObject({ method: 'ping' });
    expect((JSON.parse(fake.written[0]!) as { params?: unknown }).params).toBeUndefined();
  });

  it('reports an unanswered barrier, and keeps its late answer from every cell, also while shutting down', async () => {
    const fake = new FakeProcess();
    const shared = new SharedProcess(fake, '2025-06-18');
    const first = leaseOf(shared);
    expect(await shared.barrier(client, 20)).toBe(false);
    const close = shared.close();
    fake.emit({ jsonrpc: '2.0', id: JSON.parse(fake.written[0]!).id, result: {} });
    fake.emit({ jsonrpc: '2.0', method: 'notifications/message', params: {} });
    await close;
    expect(first.events.map((e) => e.kind)).toEqual(['message']);
    expect((first.events[0] as { message: { method?: string } }).message.method).toBe('notifications/message');
  });

  it('sends answers written while shutting down to the cell that held the process, anything else to every cell', async () => {
    const fake = new FakeProcess();
    const shared = new SharedProcess(fake, '2026-07-28');
    const first = leaseOf(shared);
    fake.onWrite = (text) => {
      const { id } = JSON.parse(text) as { id: unknown };
      if (typeof id === 'number' && id > BARRIER_ID_BASE) fake.emit({ jsonrpc: '2.0', id, result: {} });
    };
    await first.transport.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    expect(await shared.barrier(client, 1000)).toBe(true);
    const second = leaseOf(shared);
    await second.transport.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    const close = shared.close();
    fake.emit({ jsonrpc: '2.0', id: 1, result: {} });
    fake.emit({ jsonrpc: '2.0', method: 'notifications/message', params: {} });
    await close;
    expect(ids(first.events)).toEqual([undefined]);
    expect(ids(second.events)).toEqual([1, undefined]);
  });

  it('gives up on the barrier when the process ends', async () => {
    const fake = new FakeProcess();
    const shared = new SharedProcess(fake, '2025-06-18');
    leaseOf(shared);
    fake.onWrite = () => fake.event({ kind: 'closed', reason: 'exited' });
    expect(await shared.barrier(client, 5000)).toBe(false);
    expect(shared.exited).toBe(true);
  });
});

describe('SharedProcess.leaveBehind', () => {
  it('gives a late answer to a request an earlier cell left unanswered to that cell, unless the holder wrote the same id', async () => {
    const fake = new FakeProcess();
    const shared = new SharedProcess(fake, '2026-07-28');
    const first = leaseOf(shared);
    // A line the server drops, then answers after the barrier.
    await first.transport.send('{"jsonrpc": "2.0", "id": 1, "method": "ping"');
    fake.onWrite = (text) => fake.emit({ jsonrpc: '2.0', id: (JSON.parse(text) as { id: unknown }).id, result: {} });
    expect(await shared.barrier(client, 1000)).toBe(true);
    shared.leaveBehind([null, 'left-1']);
    const second = leaseOf(shared);
    fake.onWrite = () => undefined;
    await second.transport.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    fake.emit({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    fake.emit({ jsonrpc: '2.0', id: 'left-1', error: { code: -32600, message: 'Invalid Request' } });
    fake.emit({ jsonrpc: '2.0', id: 1, result: {} });
    expect(ids(first.events)).toEqual([null, 'left-1']);
    expect(ids(second.events)).toEqual([1]);
    // The holder wrote a line whose answer carries a null id: a null-id answer is its own now.
    await second.transport.send('not json');
    fake.emit({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    expect(ids(second.events)).toEqual([1, null]);
    expect(ids(first.events)).toEqual([null, 'left-1']);
  });
});

describe('SharedProcess.openedWith', () => {
  const answerInitialize = (fake: FakeProcess) => (text: string) => {
    const { id, method } = JSON.parse(text) as { id?: unknown; method: string };
    if (method === 'initialize') fake.emit({ jsonrpc: '2.0', id, result: {} });
  };

  it("is true when a session opened the process as the runner's handshake does (initialize, then initialized)", async () => {
    const fake = new FakeProcess();
    fake.onWrite = answerInitialize(fake);
    const shared = new SharedProcess(fake, '2025-06-18');
    const session = new Session(shared.lease());
    await session.request('initialize', initializeParams('2025-06-18', client));
    expect(shared.openedWith(openingTexts('2025-06-18', client))).toBe(false);
    await session.notify('notifications/initialized');
    expect(shared.openedWith(openingTexts('2025-06-18', client))).toBe(true);
    expect(shared.openedWith(openingTexts('2025-06-18', { ...client, capabilities: { roots: {} } }))).toBe(false);
  });

  it('is false for an opening with another version, or with a request before initialize', async () => {
    for (const open of [
      async (session: Session) => {
        await session.request('initialize', { ...initializeParams('2025-06-18', client), protocolVersion: '2099-01-01' });
        await session.notify('notifications/initialized');
      },
      async (session: Session) => {
        await session.request('ping', undefined);
        await session.request('initialize', initializeParams('2025-06-18', client));
        await session.notify('notifications/initialized');
      },
    ]) {
      const fake = new FakeProcess();
      fake.onWrite = answerInitialize(fake);
      const shared = new SharedProcess(fake, '2025-06-18');
      await open(new Session(shared.lease()));
      expect(shared.opened).toBe(true);
      expect(shared.openedWith(openingTexts('2025-06-18', client))).toBe(false);
    }
  });
});
