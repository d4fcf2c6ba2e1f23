// `cancel`: sends notifications/cancelled for a labelled request.
import type { CancelStep } from '../suite-loader/types.js';
import { labelled, type StepContext } from './context.js';

export async function runCancel(ctx: StepContext, step: CancelStep): Promise<void> {
  const entry = labelled(ctx, step, step.label);
  await ctx.session.notify('notifications/cancelled', { requestId: entry.id, ...(step.reason ? { reason: step.reason } : {}) });
}
