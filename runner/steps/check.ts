// `check`: asserts a pattern on a value computed from variables (e.g. captured cursors), or skips
// with a reason when `judgeIf` says the value leaves nothing to judge.
import { describePattern, evaluate, matchPattern } from '../matchers/index.js';
import type { CheckStep } from '../suite-loader/types.js';
import { evalContext, matchContext, recordCheck, type StepContext } from './context.js';
import { clip } from './expect.js';

export async function runCheck(ctx: StepContext, step: CheckStep): Promise<void> {
  const value = evaluate(step.value, evalContext(ctx));
  // Nothing to judge (the situation the check is about did not arise): skipped, never passed.
  if (step.judgeIf !== undefined && !matchPattern(step.judgeIf, value, matchContext(ctx)).ok) {
    recordCheck(ctx, step, {
      status: 'skipped',
      message: step.skipReason ?? `the value does not match ${describePattern(step.judgeIf)}, so there is nothing to judge`,
    });
    return;
  }
  const vacuous = judgedNothing(step.matches, value);
  if (vacuous) {
    recordCheck(ctx, step, { status: 'skipped', message: vacuous });
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

/**
 * Why a pattern over a whole list holds only vacuously, or undefined: `$each` over an empty list,
 * `$increasing` over fewer than two items (e.g. progress with one notification).
 */
function judgedNothing(pattern: unknown, value: unknown): string | undefined {
  if (typeof pattern !== 'object' || pattern === null || Array.isArray(pattern) || !Array.isArray(value)) return undefined;
  const keys = Object.keys(pattern);
  if (keys.length !== 1) return undefined;
  if (keys[0] === '$each' && value.length === 0) return 'the list is empty, so there was nothing to judge';
  if (keys[0] === '$increasing' && value.length < 2)
    return `${value.length === 0 ? 'no item' : 'one item'}: fewer than two to compare, so there was nothing to judge`;
  return undefined;
}
