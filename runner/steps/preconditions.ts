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
