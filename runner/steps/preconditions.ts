// What a step needs that an earlier step did not observe. A request the target refused captures
// nothing, so the steps that would have used its answer have nothing to act on: they are skipped
// with what was observed, never judged as violations of rules whose subject never came into being.
import { isPlainObject, splitPath } from '../matchers/index.js';
import type { Step, StepKind } from '../suite-loader/types.js';
import type { StepContext } from './context.js';

/** Step kinds that judge something: a precondition they lack is a skipped check, not silence. */
const JUDGING: ReadonlySet<StepKind> = new Set([
  'expect',
  'expectNoResponse',
  'expectNotification',
  'expectNoNotification',
  'expectServerRequest',
  'expectNoServerRequest',
  'check',
  'loop',
  'closeInput',
]);

/** Whether a step records a check (an `http` step does when it has an `answer` to match). */
export function judges(step: Step): boolean {
  return JUDGING.has(step.kind) || (step.kind === 'http' && step.answer !== undefined);
}

/**
 * A step skipped for an unmet precondition produces nothing either: the label it would have sent
 * and the variables it would have set inherit the reason, so the steps after it are skipped too.
 */
export function markNotProduced(ctx: StepContext, step: Step, reason: string): void {
  const as = (step as { as?: unknown }).as;
  if (typeof as === 'string') {
    ctx.withheld.set(as, reason);
    ctx.unobserved.set(as, reason);
  }
  if (step.kind === 'set') for (const name of Object.keys(step.values)) ctx.unobserved.set(name, reason);
  if ('capture' in step) markUnobserved(ctx, step.capture, reason);
}

/** Records that the variables `step` would have captured were never observed, and why. */
export function markUnobserved(ctx: StepContext, capture: Record<string, string> | undefined, reason: string): void {
  for (const name of Object.keys(capture ?? {})) {
    delete ctx.vars[name];
    ctx.unobserved.set(name, reason);
  }
}

/**
 * Why `step` cannot run: it refers to a variable that a refused request would have captured (and
 * that nothing has set since), or its request was withheld for that reason. undefined when it can.
 */
export function unmetPrecondition(ctx: StepContext, step: Step): string | undefined {
  if (ctx.unobserved.size === 0 && ctx.withheld.size === 0) return undefined;
  for (const label of labelsOf(step)) {
    const why = ctx.withheld.get(label);
    if (why !== undefined) return why;
  }
  for (const name of referencedVariables(expressionsOf(step))) {
    const why = ctx.unobserved.get(name);
    if (why !== undefined && !(name in ctx.vars)) return why;
  }
  return undefined;
}

/** The labels of earlier requests a step waits on or refers to. */
function labelsOf(step: Step): string[] {
  const s = step as unknown as Record<string, unknown>;
  const names = ['label', 'until', 'since', 'afterResponse'].map((key) => s[key]).filter((v): v is string => typeof v === 'string');
  return names;
}

/** The parts of a step that are evaluated against the cell's variables (not its `when`, which already decides whether it runs). */
function expressionsOf(step: Step): unknown[] {
  const { when: _when, kind: _kind, sourceLine: _line, path: _path, ...rest } = step as unknown as Record<string, unknown>;
  return Object.values(rest);
}

/** Operators whose string operand names a variable. */
const NAMING_OPERATORS = new Set(['$var', '$validArgs', '$invalidArgs', '$quickArgs']);
const INTERPOLATION = /\$\{\s*([^{}]+?)\s*\}/g;

/** The root names of every variable an expression refers to (`tool` for `$var: tool.name`). */
export function referencedVariables(expr: unknown, found = new Set<string>()): Set<string> {
  if (typeof expr === 'string') {
    for (const m of expr.matchAll(INTERPOLATION)) addRoot(m[1]!, found);
  } else if (Array.isArray(expr)) {
    for (const item of expr) referencedVariables(item, found);
  } else if (isPlainObject(expr)) {
    for (const [key, value] of Object.entries(expr)) {
      if (NAMING_OPERATORS.has(key) && typeof value === 'string') addRoot(value, found);
      else referencedVariables(value, found);
    }
  }
  return found;
}

function addRoot(path: string, found: Set<string>): void {
  const root = splitPath(path.trim())?.[0];
  if (root !== undefined) found.add(root);
}

/**
 * Why a condition (a loop's `while`) says nothing: it reads a variable a refused request would
 * have captured, and nothing has set since. undefined when it can be trusted.
 */
export function unmetInCondition(ctx: StepContext, condition: unknown): string | undefined {
  if (ctx.unobserved.size === 0) return undefined;
  for (const name of conditionVariables(condition)) {
    const why = ctx.unobserved.get(name);
    if (why !== undefined && !(name in ctx.vars)) return why;
  }
  return undefined;
}

/** The root names of the variables a condition reads (`defined` paths and `value` expressions). */
function conditionVariables(condition: unknown, found = new Set<string>()): Set<string> {
  if (!isPlainObject(condition)) return found;
  if (typeof condition.defined === 'string') addRoot(condition.defined, found);
  if ('value' in condition) referencedVariables(condition.value, found);
  if ('not' in condition) conditionVariables(condition.not, found);
  for (const key of ['allOf', 'anyOf'] as const) {
    const list = condition[key];
    if (Array.isArray(list)) for (const inner of list) conditionVariables(inner, found);
  }
  return found;
}

/** A label sent, or a variable set, after all: what an earlier refusal withheld no longer applies. */
export function observedAgain(ctx: StepContext, name: string): void {
  ctx.withheld.delete(name);
  ctx.unobserved.delete(name);
}
