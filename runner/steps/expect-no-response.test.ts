// `expectNoResponse` of a cancelled request: an answer the target wrote before it could have read the
// cancellation is allowed ("processing has already completed"), so it is judged only when the target
// answered, before it, a request sent after the cancellation (the witness).
import { describe, expect, it } from 'vitest';
import { stepContext } from './test-step-context.js';
import { Session, type CloseReport, type Transport, type TransportEvent } from '../../wire/protocol/index.js';
import { runCancel } from './cancel.js';
import type { StepContext } from './context.js';
import { runExpect } from './expect.js';
import { runExpectNoResponse } from './expect-no-response.js';
import { runRequest } from './request.js';

type Behaviour =
  /** Answers the call at once, before the cancellation is even sent. */
  | 'at-once'
  /** Writes the answer as the cancellation arrives, before reading it (a tool that just finished). */
  | 'before-reading-cancel'
  /** Reads the cancellation, answers the witness, then answers the cancelled call anyway. */
  | 'ignores-cancel'
  /** Reads the cancellation and never answers the cancelled call. */
  | 'honours-cancel';

/** A tool server over an ordered stream whose first tools/call behaves as `behaviour` says. */
class ToolPeer implements Transport {
  readonly description = 'scripted';
  private listener: ((e: TransportEvent) => void) | undefined;
  private held: { id: unknown } | undefined;
  private calls = 0;
  constructor(
    private readonly behaviour: Behaviour,
    readonly kind: 'in-memory' | 'http' = 'in-memory',
  ) {}
  async start(): Promise<void> {}
  async send(text: string): Promise<void> {
    const message = JSON.parse(text) as { id?: unknown; method: string };
    const answer = (id: unknown) => this.emit({ jsonrpc: '2.0', id, result: { content: [] } });
    if (message.method === 'tools/call' && this.calls++ === 0) {
      if (this.behaviour === 'at-once') answer(message.id);
      else this.held = { id: message.id };
      return;
    }
    if (message.method === 'notifications/cancelled') {
      if (this.behaviour === 'before-reading-cancel' && this.held) answer(this.held.id);
      if (this.behaviour !== 'ignores-cancel') this.held = undefined;
      return;
    }
    if (message.method === 'tools/call' && this.held) {
      answer(this.held.id);
      this.held = undefined;
    }
    answer(message.id);
  }
  private emit(m: unknown): void {
    queueMicrotask(() => this.listener?.({ kind: 'message', message: m, text: JSON.stringify(m) }));
  }
  onEvent(listener: (e: TransportEvent) => void): void {
    this.listener = listener;
  }
  async close(): Promise<CloseReport> {
    return { exitedGracefully: true, escalation: 'none', ms: 0 };
  }
}

function context(peer: ToolPeer): StepContext {
  return stepContext({ scenario: { id: 'cancellation/example', rules: ['cancellation.receiver.no-response'] }, session: new Session(peer), level: 'SHOULD' });
}

/** The cancellation scenarios' steps: call, cancel, witness, barrier call, then the judgement. */
async function cancelledCall(behaviour: Behaviour, witness = true, kind: 'in-memory' | 'http' = 'in-memory'): Promise<StepContext> {
  const ctx = context(new ToolPeer(behaviour, kind));
  await runRequest(ctx, { kind: 'request', path: '0', sourceLine: 1, method: 'tools/call', params: { name: 'slow' }, as: 'slow' });
  await runCancel(ctx, { kind: 'cancel', path: '1', sourceLine: 2, label: 'slow' });
  if (witness) await runRequest(ctx, { kind: 'request', path: '2', sourceLine: 3, method: 'tools/list', as: 'witness' });
  await runRequest(ctx, { kind: 'request', path: '3', sourceLine: 4, method: 'tools/call', params: { name: 'slow' }, as: 'barrier' });
  await runExpect(ctx, { kind: 'expect', path: '4', sourceLine: 5, label: 'barrier' });
  await runExpectNoResponse(ctx, { kind: 'expectNoResponse', path: '5', sourceLine: 6, label: 'slow', until: 'barrier' });
  return ctx;
}

describe('expectNoResponse of a cancelled request', () => {
  it('warns when the target answered the witness first and the cancelled call after it', async () => {
    const ctx = await cancelledCall('ignores-cancel');
    expect(ctx.checks.at(-1)).toMatchObject({ status: 'warning' });
  });

  it('passes when the cancelled call stays unanswered', async () => {
    const ctx = await cancelledCall('honours-cancel');
    expect(ctx.checks.at(-1)).toMatchObject({ status: 'passed' });
  });

  it('skips an answer written before the cancellation could be read (a tool that had just finished)', async () => {
    const ctx = await cancelledCall('before-reading-cancel');
    expect(ctx.checks.at(-1)).toMatchObject({ status: 'skipped' });
    expect(ctx.checks.at(-1)!.message).toContain('may have completed before the cancellation was read');
  });

  it('skips an answer that came before the cancellation was sent', async () => {
    const ctx = await cancelledCall('at-once');
    expect(ctx.checks.at(-1)).toMatchObject({ status: 'skipped' });
    expect(ctx.checks.at(-1)!.message).toContain('before the cancellation was sent');
  });

  it('over HTTP, where answers come in no order, judges an answer that came after the cancellation was sent', async () => {
    const ctx = await cancelledCall('before-reading-cancel', true, 'http');
    expect(ctx.checks.at(-1)).toMatchObject({ status: 'warning' });
  });

  it('without a witness, cannot tell an ignored cancellation from a late one: skipped', async () => {
    const ctx = await cancelledCall('ignores-cancel', false);
    expect(ctx.checks.at(-1)).toMatchObject({ status: 'skipped' });
  });
});
