// `cancel`: sends notifications/cancelled for a labelled request, and remembers where in the
// transcript it went, so that expectNoResponse can tell an answer written before the cancellation
// could have been read from one that ignored it.
import type { PendingRequest } from '../../wire/protocol/index.js';
import type { CancelStep } from '../suite-loader/types.js';
import { labelled, type StepContext } from './context.js';

/** The transcript position of the cancellation sent for each request a scenario cancelled. */
export const cancelledAt = new WeakMap<PendingRequest, number>();

export async function runCancel(ctx: StepContext, step: CancelStep): Promise<void> {
  const entry = labelled(ctx, step, step.label);
  const seq = await ctx.session.notify('notifications/cancelled', { requestId: entry.id, ...(step.reason ? { reason: step.reason } : {}) });
  cancelledAt.set(entry, seq);
}
