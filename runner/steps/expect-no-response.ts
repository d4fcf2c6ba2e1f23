// `expectNoResponse`: after a barrier request is answered, the labelled message must still have no
// response (notifications, cancelled requests). The barrier replaces sleeping with ordering.
import { detachedSlice, type PendingRequest, within } from '../../wire/protocol/index.js';
import type { ExpectNoResponseStep } from '../suite-loader/types.js';
import { cancelledAt } from './cancel.js';
import { boundFor, labelled, recordCheck, recordUnanswered, wasReportedUnanswered, type StepContext } from './context.js';

export async function runExpectNoResponse(ctx: StepContext, step: ExpectNoResponseStep): Promise<void> {
  const entry = labelled(ctx, step, step.label);
  const barrier = labelled(ctx, step, step.until);
  const ms = boundFor(ctx, undefined);
  const answered = await ctx.session.response(barrier, ms, ctx.signal);
  if (!answered && barrier.undelivered !== undefined) {
    // The barrier proves nothing about the labelled message: this cell cannot be judged.
    recordCheck(ctx, step, {
      status: 'errored',
      message: `the barrier \`${barrier.method}\` got no answer: ${barrier.undelivered}`,
      evidence: [barrier.sentSeq],
    });
    return;
  }
  if (!answered) {
    // Once is enough: an earlier step reported that very request unanswered; this one has nothing to judge.
    if (wasReportedUnanswered(barrier)) {
      recordCheck(ctx, step, {
        status: 'skipped',
        message: `not judged: the barrier \`${barrier.method}\` (id ${JSON.stringify(barrier.id)}) went unanswered, as reported above`,
        evidence: [barrier.sentSeq],
      });
      return;
    }
    recordUnanswered(ctx, step, barrier, `no response to the barrier \`${barrier.method}\` (id ${JSON.stringify(barrier.id)})`, ms);
    return;
  }
  // Over HTTP each message is its own POST, answered in no order: the labelled one's answer may
  // still be on its way when the barrier's came. Wait (bounded) until every POST without a request
  // has been answered and its body read; transports that deliver in order have nothing to wait for.
  const delivered = ctx.session.transport.delivered?.();
  if (delivered) await within(delivered, ms);
  const early = entry.response ? answeredBeforeCancellationRead(ctx, entry) : undefined;
  if (early) {
    recordCheck(ctx, step, { status: 'skipped', message: early, evidence: [entry.sentSeq, entry.responseSeq ?? ctx.session.lastSeq] });
    return;
  }
  if (entry.response) {
    recordCheck(ctx, step, {
      status: 'violated',
      message: `\`${entry.method}\` (id ${JSON.stringify(entry.id)}) was answered, but no response was expected`,
      expected: 'no response',
      actual: detachedSlice(JSON.stringify(entry.response), 300),
      evidence: [entry.sentSeq, entry.responseSeq ?? ctx.session.lastSeq],
    });
    return;
  }
  recordCheck(ctx, step, {
    status: 'passed',
    message: `\`${entry.method}\` got no response (checked after \`${barrier.method}\` was answered)`,
    evidence: [entry.sentSeq, barrier.responseSeq ?? ctx.session.lastSeq],
  });
}

/**
 * Why the answer to a cancelled request proves nothing, or undefined when it does. A receiver may
 * ignore a cancellation of a request whose processing has already completed (basic/utilities/
 * cancellation), so an answer that came before the cancellation was sent is never judged, and on a
 * stream answered in order (stdio) one is judged only when the target demonstrably read the
 * cancellation first: it answered, before this answer, a request sent after the cancellation (the
 * scenario's witness). A tool that answers at once (it failed, or is not slow at all) is not
 * judged. Over HTTP every request has its own answer, in no order, so the witness proves nothing
 * there (a loaded server may answer it after a one-second call).
 */
/** Transports whose answers come back on one stream in the order the target wrote them. */
const ORDERED = new Set(['stdio', 'in-memory']);

function answeredBeforeCancellationRead(ctx: StepContext, entry: PendingRequest): string | undefined {
  const cancelSeq = cancelledAt.get(entry);
  if (cancelSeq === undefined) return undefined;
  const answeredAt = entry.responseSeq ?? ctx.session.lastSeq;
  const name = `\`${entry.method}\` (id ${JSON.stringify(entry.id)})`;
  if (answeredAt < cancelSeq) return `not judged: ${name} was answered before the cancellation was sent, so nothing was left to cancel`;
  if (!ORDERED.has(ctx.session.transport.kind)) return undefined;
  const witnessed = [...ctx.labels.values()].some((p) => p.sentSeq > cancelSeq && p.responseSeq !== undefined && p.responseSeq < answeredAt);
  if (witnessed) return undefined;
  return `not judged: ${name} was answered before the target answered anything sent after the cancellation, so it may have completed before the cancellation was read (a receiver may ignore a cancellation of a request that has completed)`;
}
