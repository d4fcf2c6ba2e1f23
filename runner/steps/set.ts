// `set`: binds variables from expressions.
import { evaluate, matchPattern } from '../matchers/index.js';
import type { SetStep } from '../suite-loader/types.js';
import { evalContext, type StepContext } from './context.js';
import { observedAgain } from './preconditions.js';

export async function runSet(ctx: StepContext, step: SetStep): Promise<void> {
  const matches = (pattern: unknown, value: unknown) => matchPattern(pattern, value, { vars: ctx.vars }).ok;
  for (const [name, expr] of Object.entries(step.values)) {
    ctx.vars[name] = evaluate(expr, { ...evalContext(ctx), matches });
    observedAgain(ctx, name);
  }
}
