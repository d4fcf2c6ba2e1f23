// `notify`: sends a notification; nothing is awaited (notifications are never answered).
import type { NotifyStep } from '../suite-loader/types.js';
import type { StepContext } from './context.js';
import { evaluateParams } from './request.js';

export async function runNotify(ctx: StepContext, step: NotifyStep): Promise<void> {
  await ctx.session.notify(step.method, evaluateParams(ctx, step.params, step));
}
