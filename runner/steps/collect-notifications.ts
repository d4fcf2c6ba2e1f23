// `collectNotifications`: binds the params of every matching notification that arrived before a
// barrier request was answered to a variable, so `check` can judge them together (progress values
// that must rise, log levels that must pass a filter). Not a check itself.
import type { CollectNotificationsStep } from '../suite-loader/types.js';
import type { StepContext } from './context.js';
import { barrierSeq, inboundFilter } from './expect-notification.js';

export async function runCollectNotifications(ctx: StepContext, step: CollectNotificationsStep): Promise<void> {
  const accept = inboundFilter(ctx, step);
  // Without an answer to the barrier, what arrived so far is all there is; the barrier's own
  // expect step reports the missing answer.
  const limit = (await barrierSeq(ctx, step, false)) ?? ctx.session.lastSeq + 1;
  ctx.vars[step.as] = ctx.session.notifications.filter((n) => n.seq < limit && accept(n)).map((n) => n.message.params ?? {});
}
