// `expect` with `until`: on a stream answered in order, a later request's answer ends the wait for a
// line the target may drop, instead of the bound. Each case would run into the test's own time
// limit if the barrier did not end the wait (the bound here is two minutes).
import { describe, expect, it } from 'vitest';
import { stepContext } from './test-step-context.js';
import { Session, type CloseReport, type Transport, type TransportEvent } from '../../wire/protocol/index.js';
import { reviseLateAnswers, type StepContext } from './context.js';
import { runExpect } from './expect.js';
import { runExpectNoResponse } from './expect-no-response.js';
import { runRequest } from './request.js';
import { runSend } from './send.js';

const LONG = 120_000;

/** A peer that answers pings and, per `broken`, answers the broken line before, after or never. */
class OrderedPeer implements Transport {
  readonly description = 'scripted';
  private listener: ((e: TransportEvent) => void) | undefined;
  constructor(
    readonly kind: 'in-memory' | 'http',
    private readonly broken: 'before' | 'after' | 'never',
  ) {}
  async start(): Promise<void> {}
  async send(text: string): Promise<void> {
    let message: { id?: unknown; method?: string } | undefined;
    try {
      message = JSON.parse(text) as { id?: unknown; method?: string };
    } catch {
      return; // the broken line: answered with the next request, per `broken`
    }
    const parseError = { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } };
    const pong = { jsonrpc: '2.0', id: message.id, result: {} };
    const emit = (m: unknown) => this.listener?.({ kind: 'message', message: m, text: JSON.stringify(m) });
    queueMicrotask(() => {
      if (this.broken === 'before') emit(parseError);
      emit(pong);
    });
    // Late: in a later turn of the event loop, once the step has judged what it had.
    if (this.broken === 'after') setImmediate(() => emit(parseError));
  }
  onEvent(listener: (e: TransportEvent) => void): void {
    this.listener = listener;
  }
  async close(): Promise<CloseReport> {
    return { exitedGracefully: true, escalation: 'none', ms: 0 };
  }
}

function context(peer: OrderedPeer, timeoutMs = LONG): StepContext {
  return stepContext({
    scenario: { id: 'jsonrpc/parse-error', rules: ['jsonrpc.error.parse-error'] },
    transport: peer.kind === 'http' ? 'http' : 'stdio',
    session: new Session(peer),
    level: 'SHOULD',
    timeoutMs,
  });
}

async function brokenLineThenPing(ctx: StepContext): Promise<void> {
  await runSend(ctx, { kind: 'send', path: '0', sourceLine: 1, line: '{"jsonrpc": "2.0", "id": 1', as: 'broken', responseId: null });
  await runRequest(ctx, { kind: 'request', path: '1', sourceLine: 2, method: 'ping', as: 'barrier' });
  await runExpect(ctx, { kind: 'expect', path: '2', sourceLine: 3, label: 'broken', until: 'barrier', error: { code: -32700 } });
}

describe('expect with until (a barrier)', () => {
  it('passes an answer written before the barrier', async () => {
    const ctx = context(new OrderedPeer('in-memory', 'before'));
    await brokenLineThenPing(ctx);
    expect(ctx.checks).toMatchObject([{ status: 'passed' }]);
  });

  it('judges silence once the barrier is answered, not at the bound', async () => {
    const ctx = context(new OrderedPeer('in-memory', 'never'));
    await brokenLineThenPing(ctx);
    expect(ctx.checks).toMatchObject([{ status: 'warning' }]);
    expect(ctx.checks[0]!.message).toContain('by the time `ping`, sent after it, was answered');
  });

  it('does not blame an answer that came after the barrier: the stream was not in order', async () => {
    const ctx = context(new OrderedPeer('in-memory', 'after'));
    await brokenLineThenPing(ctx);
    // The late answer is in the session once the cell ends; the cell's checks are revised then.
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(ctx.checks).toMatchObject([{ status: 'warning' }]);
    const [check] = reviseLateAnswers(ctx.checks);
    expect(check).toMatchObject({ status: 'errored' });
    expect(check!.message).toContain('does not answer in order');
  });

  it('waits for the bound over HTTP, where every request has its own answer', async () => {
    const ctx = context(new OrderedPeer('http', 'never'), 50);
    await brokenLineThenPing(ctx);
    expect(ctx.checks).toMatchObject([{ status: 'warning' }]);
    expect(ctx.checks[0]!.message).toContain('within 50 ms');
  });
});

/** A peer that never answers. */
class SilentPeer extends OrderedPeer {
  override async send(): Promise<void> {}
}

describe('a barrier that goes unanswered too', () => {
  it('is named in the finding: the target stopped answering after the labelled line', async () => {
    const ctx = context(new SilentPeer('in-memory', 'never'), 50);
    await brokenLineThenPing(ctx);
    expect(ctx.checks).toMatchObject([{ status: 'warning' }]);
    expect(ctx.checks[0]!.message).toContain('nor to `ping` sent after it');
  });
});

describe('a barrier an earlier step reported unanswered', () => {
  it('is reported once: the expectNoResponse that waited on it is skipped with the reason', async () => {
    const ctx = context(new SilentPeer('in-memory', 'never'), 50);
    await runSend(ctx, { kind: 'send', path: '0', sourceLine: 1, json: { jsonrpc: '2.0', method: 'notifications/x' }, as: 'stray', responseId: null });
    await runRequest(ctx, { kind: 'request', path: '1', sourceLine: 2, method: 'ping', as: 'barrier' });
    await runExpect(ctx, { kind: 'expect', path: '2', sourceLine: 3, label: 'barrier' });
    await runExpectNoResponse(ctx, { kind: 'expectNoResponse', path: '3', sourceLine: 4, label: 'stray', until: 'barrier' });
    expect(ctx.checks.map((c) => c.status)).toEqual(['warning', 'skipped']);
    expect(ctx.checks[1]!.message).toContain('as reported above');
  });
});

describe('the bound of an expect', () => {
  it('is never less than the cell bound: within only lengthens a wait', async () => {
    const ctx = context(new SilentPeer('in-memory', 'never'), 300);
    await runRequest(ctx, { kind: 'request', path: '0', sourceLine: 1, method: 'ping', as: 'silent' });
    const started = Date.now();
    await runExpect(ctx, { kind: 'expect', path: '1', sourceLine: 2, label: 'silent', within: 10 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(ctx.checks[0]!.message).toContain('within 300 ms');
  });
});

describe('expect of a request an earlier expect already waited on', () => {
  it('does not wait the bound a second time for a request that had it', async () => {
    const ctx = context(new SilentPeer('in-memory', 'never'), 1000);
    await runRequest(ctx, { kind: 'request', path: '0', sourceLine: 1, method: 'ping', as: 'silent' });
    await runExpect(ctx, { kind: 'expect', path: '1', sourceLine: 2, label: 'silent' });
    const started = Date.now();
    await runExpect(ctx, { kind: 'expect', path: '2', sourceLine: 3, label: 'silent' });
    expect(Date.now() - started).toBeLessThan(1000);
    // The test's rule table grades every rule SHOULD.
    expect(ctx.checks).toMatchObject([
      { rule: { id: 'jsonrpc.request.answered' }, status: 'warning' },
      { rule: { id: 'jsonrpc.request.answered' }, status: 'warning' },
    ]);
    expect(ctx.checks[1]!.message).toContain('within 1000 ms');
  });

  it('still waits when the later expect allows longer than the earlier wait', async () => {
    const ctx = context(new SilentPeer('in-memory', 'never'), 10);
    await runRequest(ctx, { kind: 'request', path: '0', sourceLine: 1, method: 'ping', as: 'silent' });
    await runExpect(ctx, { kind: 'expect', path: '1', sourceLine: 2, label: 'silent' });
    const started = Date.now();
    await runExpect(ctx, { kind: 'expect', path: '2', sourceLine: 3, label: 'silent', within: 300 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });
});

/** A process that takes `startMs` to start, then answers every request (a stateless cell's first one included). */
class SlowStart implements Transport {
  readonly kind = 'stdio' as const;
  readonly description = 'slow to start';
  private listener: ((e: TransportEvent) => void) | undefined;
  private readonly ready: Promise<void>;
  constructor(startMs: number) {
    this.ready = new Promise((resolve) => setTimeout(resolve, startMs));
  }
  async start(): Promise<void> {}
  async send(text: string): Promise<void> {
    const { id } = JSON.parse(text) as { id: unknown };
    void this.ready.then(() => {
      const m = { jsonrpc: '2.0', id, result: {} };
      this.listener?.({ kind: 'message', message: m, text: JSON.stringify(m) });
    });
  }
  onEvent(listener: (e: TransportEvent) => void): void {
    this.listener = listener;
  }
  async close(): Promise<CloseReport> {
    return { exitedGracefully: true, escalation: 'none', ms: 0 };
  }
}

describe('expect on a process the cell started (stateless: no handshake before it)', () => {
  async function firstExpect(fresh: boolean): Promise<StepContext> {
    const ctx = {
      ...context(new OrderedPeer('in-memory', 'never'), 50),
      revision: '2026-07-28',
      client: { clientInfo: { name: 'test', version: '1' }, capabilities: {} },
      session: new Session(new SlowStart(300)),
      freshProcess: fresh,
    } as StepContext;
    await runRequest(ctx, { kind: 'request', path: '0', sourceLine: 1, method: 'server/discover', as: 'first' });
    await runExpect(ctx, { kind: 'expect', path: '1', sourceLine: 2, label: 'first' });
    return ctx;
  }

  it('waits for the process to start before the bound applies', async () => {
    expect((await firstExpect(true)).checks).toMatchObject([{ status: 'passed' }]);
  });

  it('gives a process other cells used only the bound', async () => {
    const ctx = await firstExpect(false);
    // Graded by the (test) rule's level: SHOULD here.
    expect(ctx.checks[0]).toMatchObject({ status: 'warning' });
    expect(ctx.checks[0]!.message).toContain('within 50 ms');
  });
});
