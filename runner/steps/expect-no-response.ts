// `expectNoResponse`: after a barrier request is answered, the labelled message must still have no
// response (notifications, cancelled requests). The barrier replaces sleeping with ordering.
import { detachedSlice } from '../../wire/protocol/index.js';
import type { ExpectNoResponseStep } from '../suite-loader/types.js';
import { boundFor, labelled, recordCheck, recordUnanswered, type StepContext } from './context.js';

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
    recordUnanswered(ctx, step, barrier, `no response to the barrier \`${barrier.method}\` (id ${JSON.stringify(barrier.id)})`, ms);
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
