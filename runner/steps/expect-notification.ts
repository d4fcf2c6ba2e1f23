// `expectNotification` / `expectNoNotification`, and their twins for requests the server sends us
// (`expectServerRequest` / `expectNoServerRequest`): wait for, or rule out, an inbound message by
// method and params pattern, optionally only among those that arrived after a labelled request.
import { describePattern, matchPattern } from '../matchers/index.js';
import { detachedSlice, type PendingRequest } from '../../wire/protocol/index.js';
import type { ExpectNoNotificationStep, ExpectNoServerRequestStep, ExpectNotificationStep, ExpectServerRequestStep } from '../suite-loader/types.js';
import { boundFor, labelled, matchContext, missingReason, recordCheck, type StepContext } from './context.js';
import { capture } from './expect.js';

/** An inbound message the session recorded: a notification or a server-initiated request. */
export interface InboundEntry {
  seq: number;
  message: { method: string; params?: unknown };
}

type Filterable = { method: string; params?: unknown; since?: string; afterResponse?: string; sourceLine: number; path: string; kind: string };

export function inboundFilter(ctx: StepContext, step: Filterable): (n: InboundEntry) => boolean {
  let since = step.since ? labelled(ctx, step as never, step.since).sentSeq : 0;
  if (step.afterResponse) {
    // A request still unanswered has no "after" yet: everything counts from the end of the transcript.
    const entry = labelled(ctx, step as never, step.afterResponse);
    since = Math.max(since, entry.responseSeq ?? ctx.session.lastSeq);
  }
  const mctx = matchContext(ctx);
  return (n) =>
    n.seq > since &&
    (step.method === '*' || n.message.method === step.method) &&
    (step.params === undefined || matchPattern(step.params, n.message.params ?? {}, mctx).ok);
}

/** Any message of the step's method after its `since` label, whatever its params. */
function sameMethodSince(ctx: StepContext, step: Filterable): (n: InboundEntry) => boolean {
  return inboundFilter(ctx, { ...step, params: undefined });
}

/** The recorded messages a step looks at, and how to name them in findings. */
function inbound(ctx: StepContext, step: { kind: string }): { list: readonly InboundEntry[]; noun: string } {
  const requests = step.kind === 'expectServerRequest' || step.kind === 'expectNoServerRequest';
  return requests ? { list: ctx.session.serverRequests, noun: 'request' } : { list: ctx.session.notifications, noun: 'notification' };
}

export async function runExpectNotification(ctx: StepContext, step: ExpectNotificationStep | ExpectServerRequestStep): Promise<void> {
  const accept = inboundFilter(ctx, step);
  const { list, noun } = inbound(ctx, step);
  const find = () => list.find((n) => !ctx.consumed.has(n.seq) && accept(n));
  const ms = boundFor(ctx, step.within);
  // A server asks the client while it works on the request that needs the answer: once every
  // request of the scenario is answered, no such request is still to come, and a step that may
  // skip stops waiting.
  const settled = (p: PendingRequest) => p.response !== undefined || p.undelivered !== undefined;
  const askedNoMore = () => step.kind === 'expectServerRequest' && step.orSkip !== undefined && [...ctx.labels.values()].every(settled);
  await ctx.session.waitUntil(() => find() !== undefined || askedNoMore(), ms, ctx.signal);
  const hit = find();
  const what = `no \`${step.method}\` ${noun}${step.params !== undefined ? ` matching ${describePattern(step.params)}` : ''}`;
  if (!hit) {
    const near = list.filter((n) => n.message.method === step.method).at(-1);
    // Nothing of the kind arrived and nothing can provoke it (or the server chose not to ask):
    // nothing to judge, never a pass.
    if (step.orSkip !== undefined && !ctx.session.closed && !list.some(sameMethodSince(ctx, step))) {
      const when = askedNoMore() ? "before the scenario's requests were answered" : `within ${ms} ms`;
      recordCheck(ctx, step, { status: 'skipped', message: `no \`${step.method}\` ${noun} arrived ${when}: ${step.orSkip}` });
      return;
    }
    recordCheck(ctx, step, {
      ...missingReason(ctx, what, ms),
      expected: `${step.method}${step.params !== undefined ? ' ' + describePattern(step.params) : ''}`,
      ...(near ? { actual: detachedSlice(JSON.stringify(near.message), 300), evidence: [near.seq] } : { actual: 'nothing' }),
    });
    return;
  }
  ctx.consumed.add(hit.seq);
  recordCheck(ctx, step, { status: 'passed', message: `\`${step.method}\` arrived`, evidence: [hit.seq] });
  capture(ctx, step, hit.message);
}

/**
 * Waits for the barrier request's response; undefined (after recording an errored check when
 * `step` is a check) if it never came, else the transcript position the barrier closes at.
 */
export async function barrierSeq(ctx: StepContext, step: Filterable & { until: string }, record: boolean): Promise<number | undefined> {
  const barrier = labelled(ctx, step as never, step.until);
  const ms = boundFor(ctx, undefined);
  const answered = await ctx.session.response(barrier, ms, ctx.signal);
  if (!answered) {
    if (record) {
      recordCheck(ctx, step as never, {
        status: 'errored',
        message: missingReason(ctx, `the barrier \`${barrier.method}\` was not answered`, ms).message,
        evidence: [barrier.sentSeq],
      });
    }
    return undefined;
  }
  return barrier.responseSeq ?? ctx.session.lastSeq;
}

export async function runExpectNoNotification(ctx: StepContext, step: ExpectNoNotificationStep | ExpectNoServerRequestStep): Promise<void> {
  const accept = inboundFilter(ctx, step);
  const { list, noun } = inbound(ctx, step);
  const limit = await barrierSeq(ctx, step, true);
  if (limit === undefined) return;
  const offending = list.find((n) => n.seq < limit && accept(n));
  const which = step.method === '*' ? noun : `\`${step.method}\` ${noun}`;
  if (offending) {
    recordCheck(ctx, step, {
      status: 'violated',
      message: `an unexpected \`${offending.message.method}\` ${noun} arrived`,
      expected: `no ${which}`,
      actual: detachedSlice(JSON.stringify(offending.message), 300),
      evidence: [offending.seq],
    });
    return;
  }
  recordCheck(ctx, step, { status: 'passed', message: `no ${which} arrived`, evidence: [limit] });
}
