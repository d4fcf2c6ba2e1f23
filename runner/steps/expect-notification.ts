// `expectNotification`: waits for a notification by method (and params pattern), optionally only
// among those that arrived after a labelled request; each notification satisfies one step.
import { describePattern, matchPattern } from '../matchers/index.js';
import type { JsonRpcNotification } from '../protocol/index.js';
import type { ExpectNotificationStep, ExpectNoNotificationStep } from '../suite-loader/types.js';
import { boundFor, labelled, missingReason, recordCheck, type StepContext } from './context.js';
import { capture } from './expect.js';

export function notificationFilter(
  ctx: StepContext,
  step: Pick<ExpectNotificationStep, 'method' | 'params' | 'since'> & { sourceLine: number; path: string; kind: string },
): (n: { seq: number; message: JsonRpcNotification }) => boolean {
  const since = step.since ? labelled(ctx, step as never, step.since).sentSeq : 0;
  const mctx = { vars: ctx.vars, validateType: ctx.validators.validateType, validateSchema: ctx.validators.validateSchema };
  return (n) =>
    n.seq > since &&
    (step.method === '*' || n.message.method === step.method) &&
    (step.params === undefined || matchPattern(step.params, n.message.params ?? {}, mctx).ok);
}

export async function runExpectNotification(ctx: StepContext, step: ExpectNotificationStep): Promise<void> {
  const accept = notificationFilter(ctx, step);
  const find = () => ctx.session.notifications.find((n) => !ctx.consumed.has(n.seq) && accept(n));
  const ms = boundFor(ctx, step.within);
  await ctx.session.waitUntil(() => find() !== undefined, ms, ctx.signal);
  const hit = find();
  const what = `no \`${step.method}\` notification${step.params !== undefined ? ` matching ${describePattern(step.params)}` : ''}`;
  if (!hit) {
    const near = ctx.session.notifications.filter((n) => n.message.method === step.method).at(-1);
    recordCheck(ctx, step, {
      ...missingReason(ctx, what, ms),
      expected: `${step.method}${step.params !== undefined ? ' ' + describePattern(step.params) : ''}`,
      ...(near ? { actual: JSON.stringify(near.message).slice(0, 300), evidence: [near.seq] } : { actual: 'nothing' }),
    });
    return;
  }
  ctx.consumed.add(hit.seq);
  recordCheck(ctx, step, { status: 'passed', message: `\`${step.method}\` arrived`, evidence: [hit.seq] });
  capture(ctx, step, hit.message);
}

export async function runExpectNoNotification(ctx: StepContext, step: ExpectNoNotificationStep): Promise<void> {
  const accept = notificationFilter(ctx, step);
  const barrier = labelled(ctx, step, step.until);
  const ms = boundFor(ctx, undefined);
  const answered = await ctx.session.response(barrier, ms, ctx.signal);
  if (!answered) {
    recordCheck(ctx, step, {
      status: 'errored',
      message: missingReason(ctx, `the barrier \`${barrier.method}\` was not answered`, ms).message,
      evidence: [barrier.sentSeq],
    });
    return;
  }
  const limit = barrier.responseSeq ?? ctx.session.lastSeq;
  const offending = ctx.session.notifications.find((n) => n.seq < limit && accept(n));
  if (offending) {
    recordCheck(ctx, step, {
      status: 'violated',
      message: `an unexpected \`${offending.message.method}\` notification arrived`,
      expected: `no ${step.method === '*' ? 'notification' : `\`${step.method}\``}`,
      actual: JSON.stringify(offending.message).slice(0, 300),
      evidence: [offending.seq],
    });
    return;
  }
  recordCheck(ctx, step, { status: 'passed', message: `no ${step.method === '*' ? 'notification' : `\`${step.method}\``} arrived`, evidence: [limit] });
}
