// Arguments that ask a slow tool to be quick ($quickArgs): valid arguments, plus, for each optional
// top-level number whose name reads as a duration and that declares a default, a tenth of that
// default but never under one second (nor over the default), within the member's bounds; and a
// required step count given at least three steps, so progress has something to judge.
// Scenarios that need a call still in progress (cancellation, progress) then wait about a second
// rather than the ten seconds a demonstration tool takes by default, and the call stays long
// enough for a cancellation to arrive while it runs, even on a loaded machine.
import { isPlainObject } from './json-values.js';
import { validArgsFor } from './valid-args.js';

const DURATION_NAME = /duration|delay|sleep|wait|timeout|seconds|millis|(^|_)ms$|Ms$/i;
const SHRINK = 10;
/** Members that count the steps (and so the progress notifications) of a long operation. */
const STEPS_NAME = /^(steps|step_count|stepCount|count|iterations|updates|ticks|chunks)$/i;
const FEW_STEPS = 3;
/** Milliseconds when the member says so or its default is too large to be seconds. */
const MILLIS = /(^|_)ms$|Ms$|milli/i;

export function quickArgsFor(inputSchema: unknown, seed: number): Record<string, unknown> {
  const args = validArgsFor(inputSchema, seed);
  const properties = isPlainObject(inputSchema) && isPlainObject(inputSchema.properties) ? inputSchema.properties : {};
  for (const [name, member] of Object.entries(properties)) {
    if (!DURATION_NAME.test(name) || !isPlainObject(member)) continue;
    const shorter = shortened(member, MILLIS.test(name) || MILLIS.test(String(member.description ?? '')));
    if (shorter !== undefined) args[name] = shorter;
  }
  // A required step count at its minimum (often 1) would leave the progress checks fewer than two
  // notifications to judge: ask for a few steps when the bounds allow it.
  for (const [name, member] of Object.entries(properties)) {
    if (!STEPS_NAME.test(name) || !isPlainObject(member) || typeof args[name] !== 'number' || (args[name] as number) >= FEW_STEPS) continue;
    const more = withinBounds(FEW_STEPS, member);
    if (more !== undefined) args[name] = more;
  }
  return args;
}

/** `value` if the member's type and bounds allow it, else undefined. */
function withinBounds(value: number, member: Record<string, unknown>): number | undefined {
  if (member.type !== 'integer' && member.type !== 'number') return undefined;
  if (typeof member.maximum === 'number' && value > member.maximum) return undefined;
  if (typeof member.exclusiveMaximum === 'number' && value >= member.exclusiveMaximum) return undefined;
  if (typeof member.multipleOf === 'number' && !Number.isInteger(value / member.multipleOf)) return undefined;
  return value;
}

/** A tenth of the member's numeric default, at least a second, within its bounds; undefined when it has none. */
function shortened(member: Record<string, unknown>, saysMillis: boolean): number | undefined {
  const type = member.type;
  const integer = type === 'integer';
  const fallback = member.default;
  if (!(integer || type === 'number') || typeof fallback !== 'number' || fallback <= 0) return undefined;
  const second = saysMillis || fallback > 100 ? 1000 : 1;
  let value = Math.min(fallback, Math.max(fallback / SHRINK, second));
  if (integer) value = Math.max(1, Math.ceil(value));
  if (typeof member.minimum === 'number') value = Math.max(value, member.minimum);
  if (typeof member.exclusiveMinimum === 'number' && value <= member.exclusiveMinimum) return undefined;
  if (typeof member.maximum === 'number' && value > member.maximum) return undefined;
  if (typeof member.multipleOf === 'number' && !Number.isInteger(value / member.multipleOf)) return undefined;
  return value;
}
