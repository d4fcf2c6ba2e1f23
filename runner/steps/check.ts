// `check`: asserts a pattern on a value computed from variables (e.g. captured cursors), or skips
// with a reason when `judgeIf` says the value leaves nothing to judge.
import { describePattern, evaluate, matchPattern } from '../matchers/index.js';
import type { CheckStep } from '../suite-loader/types.js';
import { matchContext, recordCheck, type StepContext } from './context.js';
import { clip } from './expect.js';

export async function runCheck(ctx: StepContext, step: CheckStep): Promise<void> {
  const value = evaluate(step.value, { vars: ctx.vars, seed: ctx.seed });
  // Nothing to judge (the situation the check is about did not arise): skipped, never passed.
  if (step.judgeIf !== undefined && !matchPattern(step.judgeIf, value, matchContext(ctx)).ok) {
    recordCheck(ctx, step, {
      status: 'skipped',
      message: step.skipReason ?? `the value does not match ${describePattern(step.judgeIf)}, so there is nothing to judge`,
    });
    return;
  }
  const outcome = matchPattern(step.matches, value, matchContext(ctx));
  if (outcome.ok) {
    recordCheck(ctx, step, { status: 'passed', message: `value matches ${describePattern(step.matches)}` });
    return;
  }
  recordCheck(ctx, step, {
    status: 'violated',
    message: `at ${outcome.pointer || '(root)'} expected ${outcome.expected}, got ${outcome.actual}`,
    expected: describePattern(step.matches),
    actual: clip(JSON.stringify(value)),
    pointer: outcome.pointer,
  });
}
