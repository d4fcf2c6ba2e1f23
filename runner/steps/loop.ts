// `loop`: repeats nested steps while a condition holds, with a hard iteration bound and optional
// detection of a repeating variable (a server handing back a cursor it already gave), and an
// optional pause between iterations for polling (a task's pollIntervalMs).
import { setTimeout as delay } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import { evaluate } from '../matchers/index.js';
import type { LoopStep } from '../suite-loader/types.js';
import { evalContext, recordCheck, type StepContext } from './context.js';
import { clip } from './expect.js';
import { unmetInCondition } from './preconditions.js';

export async function runLoop(ctx: StepContext, step: LoopStep): Promise<void> {
  const seen: unknown[] = [];
  const before = ctx.checks.length;
  for (let i = 0; i < step.max; i++) {
    if (step.while && !ctx.holds(step.while)) {
      // The condition failed because a refused request never gave what it reads (a page refused,
      // so no next cursor): the list was not followed to its end, so that is not a pass either.
      const unmet = unmetInCondition(ctx, step.while);
      if (unmet !== undefined) {
        recordCheck(ctx, step, { status: 'skipped', message: `stopped after ${i} iteration(s): ${unmet}` });
        return;
      }
      // Not even one iteration (a single page): the loop had nothing to judge, so it is not a pass.
      if (i === 0)
        recordCheck(ctx, step, {
          status: 'skipped',
          message: 'the loop condition did not hold at the start (e.g. a single page), so there was nothing to judge',
        });
      else recordCheck(ctx, step, { status: 'passed', message: `finished after ${i} iteration(s)` });
      return;
    }
    if (step.distinct) {
      const value = ctx.vars[step.distinct];
      if (seen.some((v) => isDeepStrictEqual(v, value))) {
        recordCheck(ctx, step, {
          status: 'violated',
          message: `\`${step.distinct}\` repeated a value it had in an earlier iteration (a loop that would never end)`,
          expected: `a new \`${step.distinct}\` each iteration`,
          actual: clip(JSON.stringify(value)),
        });
        return;
      }
      seen.push(value);
    }
    ctx.vars.iteration = i;
    if (i > 0 && step.pauseMs !== undefined && !(await pause(ctx, step.pauseMs))) return;
    await ctx.runSteps(step.steps);
    // A failed or errored check inside the body ends the loop: its cause is already reported.
    if (ctx.checks.slice(before).some((c) => c.status === 'failed' || c.status === 'errored') || ctx.signal.aborted) return;
  }
  if (!step.while || !ctx.holds(step.while)) {
    recordCheck(ctx, step, { status: 'passed', message: `finished after ${step.max} iteration(s)` });
    return;
  }
  if (step.onExhausted === 'skip') {
    // The bound says nothing about the target (a task may legitimately run longer): not judged.
    recordCheck(ctx, step, { status: 'skipped', message: `still going at the bound of ${step.max} iterations, so there was nothing to judge` });
    return;
  }
  if (step.onExhausted === 'pass') {
    recordCheck(ctx, step, { status: 'passed', message: `stopped at the bound of ${step.max} iterations` });
    return;
  }
  recordCheck(ctx, step, {
    status: 'violated',
    message: `still going after ${step.max} iterations`,
    expected: `the loop to end within ${step.max} iterations`,
    actual: `more than ${step.max}`,
  });
}

/** Pauses used when the expression yields no number (a server that gives no poll interval), and the cap. */
const DEFAULT_PAUSE_MS = 100;
const MAX_PAUSE_MS = 2000;

/**
 * Waits before the next iteration: polling is paced by the server's hint, not a guess at when it is
 * done, and the loop condition still decides when to stop. False when the cell was aborted.
 */
async function pause(ctx: StepContext, expression: unknown): Promise<boolean> {
  const value = evaluate(expression, evalContext(ctx));
  const ms = typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.min(value, MAX_PAUSE_MS) : DEFAULT_PAUSE_MS;
  try {
    await delay(ms, undefined, { signal: ctx.signal });
    return true;
  } catch {
    return false;
  }
}
