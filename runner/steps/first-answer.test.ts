import { describe, expect, it } from 'vitest';
import { Session, type CloseReport, type Transport, type TransportEvent } from '../../wire/protocol/index.js';
import { awaitFirstAnswer, firstAnswerWaitMs } from './first-answer.js';

describe('firstAnswerWaitMs', () => {
  it('gives a stdio process at least 10 s for its first answer, and the run bound when that is longer', () => {
    expect(firstAnswerWaitMs('stdio', 4000)).toBe(10_000);
    expect(firstAnswerWaitMs('stdio', 30_000)).toBe(30_000);
  });

  it('keeps the run bound over HTTP, where the server is already up', () => {
    expect(firstAnswerWaitMs('http', 4000)).toBe(4000);
  });
});

/** A stdio-like peer that answers each request after `delayMs`, with the id `answerId` makes of it; `logFirst` logs at once. */
class LateStdio implements Transport {
  readonly kind = 'stdio' as const;
  readonly description = 'late stdio';
  private listener: ((e: TransportEvent) => void) | undefined;
  constructor(
    private readonly delayMs: number,
    private readonly answerId: (id: unknown) => unknown,
    private readonly logFirst = false,
  ) {}
  async start(): Promise<void> {}
  async send(text: string): Promise<void> {
    const { id } = JSON.parse(text) as { id: unknown };
    const message = { jsonrpc: '2.0', id: this.answerId(id), result: {} };
    const log = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'starting' } };
    if (this.logFirst) this.listener?.({ kind: 'message', message: log, text: JSON.stringify(log) });
    setTimeout(() => this.listener?.({ kind: 'message', message, text: JSON.stringify(message) }), this.delayMs);
  }
  onEvent(l: (e: TransportEvent) => void): void {
    this.listener = l;
  }
  async close(): Promise<CloseReport> {
    return { exitedGracefully: true, escalation: 'none', ms: 0 };
  }
}

describe('awaitFirstAnswer', () => {
  it('waits past the run bound for a process that is slow to start and then answers', async () => {
    const session = new Session(new LateStdio(150, (id) => id));
    const entry = await session.request('initialize', {});
    const answer = await awaitFirstAnswer(session, entry, 50);
    expect(answer.response).toMatchObject({ result: {} });
  });

  it('still waits past the run bound when the process only logged while starting', async () => {
    const session = new Session(new LateStdio(150, (id) => id, true));
    const entry = await session.request('initialize', {});
    const answer = await awaitFirstAnswer(session, entry, 50);
    expect(answer.response).toMatchObject({ result: {} });
  });

  it('ends the wait one run bound after the first response when that response is not the answer', async () => {
    // Answered at once with an id never sent ("1" for 1): the process is up, the allowance no longer applies.
    const session = new Session(new LateStdio(0, (id) => String(id)));
    const entry = await session.request('initialize', {});
    const started = Date.now();
    const answer = await awaitFirstAnswer(session, entry, 100);
    expect(answer).toEqual({ response: undefined, boundMs: 100, fromFirstResponse: true });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
