// Matches a value against a scenario pattern (suites/README.md, "Patterns"): partial structural
// matching plus `$` operators. Returns the first mismatch with a JSON pointer into the value.
import { nearestName, PATTERN_OPERATORS } from '../../schema/scenario/index.js';
import { isBase64 } from '../../schema/protocol/linear-formats.js';
import { describePattern } from './describe-pattern.js';
import { evaluate } from './evaluate.js';
import { compileRegex, testWithinBudget } from './compile-regex.js';
import { appendPointer } from './json-pointer.js';
import { hasJsonType, isPlainObject, jsonEqual, jsonTypeOf, lengthOf, renderValue } from './json-values.js';
import { getPath } from './var-path.js';

export interface MatchContext {
  vars: Record<string, unknown>;
  /** Messages saying why `value` is not a valid `typeName` of the cell's revision; [] when valid. */
  validateType?: (typeName: string, value: unknown) => string[];
  /** Messages saying why `value` does not satisfy the JSON Schema `schema`; [] when valid. */
  validateSchema?: (schema: unknown, value: unknown) => string[];
  /** Messages saying why `schema` is not itself a valid JSON Schema of its dialect; [] when valid. */
  checkSchema?: (schema: unknown) => string[];
}

export type MatchOutcome = { ok: true } | { ok: false; pointer: string; expected: string; actual: string };

const OK: MatchOutcome = { ok: true };

function fail(pointer: string, expected: string, actual: string): MatchOutcome {
  return { ok: false, pointer, expected, actual };
}

/** `value` undefined means "absent" (a missing member). */
export function matchPattern(pattern: unknown, value: unknown, ctx: MatchContext): MatchOutcome {
  return match(pattern, value, ctx, '');
}

function match(pattern: unknown, value: unknown, ctx: MatchContext, pointer: string): MatchOutcome {
  if (isPlainObject(pattern)) {
    const keys = Object.keys(pattern);
    const members = keys.filter((k) => !k.startsWith('$'));
    for (const op of keys.filter((k) => k.startsWith('$'))) {
      const outcome = operator(op, pattern[op], value, ctx, pointer);
      if (!outcome.ok) return outcome;
    }
    // An operator-only pattern says nothing about the value being an object.
    if (members.length === 0 && keys.length > 0) return OK;
    if (!isPlainObject(value)) return fail(pointer, describePattern(pattern), describeActual(value));
    for (const key of members) {
      const outcome = match(pattern[key], Object.hasOwn(value, key) ? value[key] : undefined, ctx, appendPointer(pointer, key));
      if (!outcome.ok) return outcome;
    }
    return OK;
  }
  if (Array.isArray(pattern)) {
    if (!Array.isArray(value)) return fail(pointer, `an array of ${count(pattern.length)}`, describeActual(value));
    if (value.length !== pattern.length) return fail(pointer, `an array of ${count(pattern.length)}`, `an array of ${count(value.length)}`);
    for (let i = 0; i < pattern.length; i++) {
      const outcome = match(pattern[i], value[i], ctx, appendPointer(pointer, i));
      if (!outcome.ok) return outcome;
    }
    return OK;
  }
  return jsonEqual(pattern, value) ? OK : fail(pointer, renderValue(pattern), describeActual(value));
}

function operator(op: string, operand: unknown, value: unknown, ctx: MatchContext, pointer: string): MatchOutcome {
  const expected = () => describePattern({ [op]: operand });
  switch (op) {
    case '$type': {
      const types = Array.isArray(operand) ? operand.map(String) : [String(operand)];
      return types.some((t) => hasJsonType(value, t)) ? OK : fail(pointer, expected(), describeActual(value));
    }
    case '$regex': {
      if (typeof value !== 'string') return fail(pointer, expected(), describeActual(value));
      const re = compileRegex(String(operand));
      if (!re) return fail(pointer, expected(), `(the pattern /${String(operand)}/ is not a valid regular expression)`);
      // A scenario's pattern on the target's text: bounded, so a catastrophic pattern cannot hang the run.
      return testWithinBudget(re, value) ? OK : fail(pointer, expected(), renderValue(value));
    }
    case '$base64':
      // Linear and stackless: a regular expression for base64 runs out of stack on a few megabytes.
      return typeof value === 'string' && isBase64(value) ? OK : fail(pointer, expected(), describeActual(value));
    case '$oneOf': {
      const alternatives = Array.isArray(operand) ? operand : [operand];
      return alternatives.some((alt) => match(alt, value, ctx, pointer).ok) ? OK : fail(pointer, expected(), describeActual(value));
    }
    case '$any':
      return (value !== undefined) === (operand !== false) ? OK : fail(pointer, expected(), describeActual(value));
    case '$absent':
      return (value === undefined) === (operand !== false) ? OK : fail(pointer, expected(), describeActual(value));
    case '$eq':
      return value !== undefined && jsonEqual(operand, value) ? OK : firstDifference(operand, value, pointer);
    case '$ne':
      return jsonEqual(operand, value) ? fail(pointer, expected(), renderValue(value)) : OK;
    case '$in': {
      const options = listOperand(operand, ctx);
      if (!options.ok) return fail(pointer, expected(), options.problem);
      const shown = describePattern({ $in: options.list });
      return value !== undefined && options.list.some((o) => jsonEqual(o, value)) ? OK : fail(pointer, shown, describeActual(value));
    }
    case '$mentions': {
      // Names each string somewhere in the value (message text, data, anywhere): for rules that ask
      // an error to name something without saying where.
      const wanted = listOperand(operand, ctx);
      if (!wanted.ok) return fail(pointer, expected(), wanted.problem);
      const shown = describePattern({ $mentions: wanted.list });
      if (value === undefined) return fail(pointer, shown, 'absent');
      const text = JSON.stringify(value);
      const missing = wanted.list.filter((w) => !text.includes(String(w)));
      return missing.length === 0 ? OK : fail(pointer, shown, `${renderValue(value)}, which does not name ${missing.map(String).join(', ')}`);
    }
    case '$containsAll': {
      const wanted = listOperand(operand, ctx);
      if (!wanted.ok) return fail(pointer, expected(), wanted.problem);
      if (!Array.isArray(value)) return fail(pointer, describePattern({ $containsAll: wanted.list }), describeActual(value));
      const missing = wanted.list.filter((w) => !value.some((item) => jsonEqual(w, item)));
      if (missing.length === 0) return OK;
      return fail(
        pointer,
        describePattern({ $containsAll: wanted.list }),
        `${renderValue(value)}, without ${missing.map((m) => renderValue(m, 40)).join(', ')}`,
      );
    }
    case '$not':
      return match(operand, value, ctx, pointer).ok ? fail(pointer, expected(), describeActual(value)) : OK;
    case '$schema':
      return validated(pointer, expected(), value, () => {
        if (!ctx.validateType) return ['no protocol schema validator is available here'];
        return ctx.validateType(String(operand), value);
      });
    case '$validAgainst': {
      const schema = evaluate(operand, { vars: ctx.vars, seed: 0 });
      if (schema === undefined) return fail(pointer, expected(), `(no schema: ${describeSource(operand)} yielded nothing)`);
      return validated(pointer, expected(), value, () => {
        if (!ctx.validateSchema) return ['no JSON Schema validator is available here'];
        return ctx.validateSchema(schema, value);
      });
    }
    case '$jsonSchema':
      return validated(pointer, expected(), value, () => {
        if (!ctx.checkSchema) return ['no JSON Schema meta-validator is available here'];
        return ctx.checkSchema(value);
      });
    case '$values': {
      // The object's member values as an array, so `$each` / `$contains` can reach maps such as
      // an input-required result's inputRequests.
      if (!isPlainObject(value)) return fail(pointer, `an object whose values are ${describePattern(operand)}`, describeActual(value));
      return atMember(match(operand, Object.values(value), ctx, pointer), Object.keys(value), pointer);
    }
    case '$keys': {
      // The object's member names as an array, for rules about names (e.g. extension ids).
      if (!isPlainObject(value)) return fail(pointer, `an object whose member names are ${describePattern(operand)}`, describeActual(value));
      return atMember(match(operand, Object.keys(value), ctx, pointer), Object.keys(value), pointer);
    }
    case '$each': {
      if (!Array.isArray(value)) return fail(pointer, expected(), describeActual(value));
      for (let i = 0; i < value.length; i++) {
        const outcome = match(operand, value[i], ctx, appendPointer(pointer, i));
        if (!outcome.ok) return outcome;
      }
      return OK;
    }
    case '$contains': {
      if (!Array.isArray(value)) return fail(pointer, expected(), describeActual(value));
      if (value.some((item) => match(operand, item, ctx, pointer).ok)) return OK;
      return fail(pointer, expected(), value.length === 0 ? 'an empty array' : `none of ${count(value.length)} matches: ${renderValue(value)}`);
    }
    case '$length':
    case '$minLength':
    case '$maxLength': {
      const length = lengthOf(value);
      const n = Number(operand);
      if (length === undefined) return fail(pointer, `a string or array of ${expected()}`, describeActual(value));
      const holds = op === '$length' ? length === n : op === '$minLength' ? length >= n : length <= n;
      return holds ? OK : fail(pointer, expected(), `length ${length}: ${renderValue(value, 80)}`);
    }
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte': {
      if (typeof value !== 'number') return fail(pointer, `a number ${expected()}`, describeActual(value));
      const n = Number(operand);
      const holds = op === '$gt' ? value > n : op === '$gte' ? value >= n : op === '$lt' ? value < n : value <= n;
      return holds ? OK : fail(pointer, expected(), String(value));
    }
    case '$unique':
      return unique(operand, value, pointer, expected());
    case '$minProperties': {
      if (!isPlainObject(value)) return fail(pointer, `an object with ${expected()}`, describeActual(value));
      const n = Object.keys(value).length;
      return n >= Number(operand) ? OK : fail(pointer, `an object with ${expected()}`, `an object with ${n} member${n === 1 ? '' : 's'}`);
    }
    case '$increasing':
      return increasing(operand, value, pointer, expected());
    case '$var': {
      const found = getPath(ctx.vars, String(operand));
      if (!found.found) return fail(pointer, expected(), `(\`${String(operand)}\` is not set) ${describeActual(value)}`);
      if (value !== undefined && jsonEqual(found.value, value)) return OK;
      const diff = firstDifference(found.value, value, pointer);
      return diff.ok ? OK : { ...diff, expected: `${diff.expected} (from \`${String(operand)}\`)` };
    }
    default: {
      const near = nearestName(op, PATTERN_OPERATORS);
      return fail(pointer, 'a known pattern operator', `\`${op}\` is not a pattern operator${near ? ` (did you mean \`${near}\`?)` : ''}`);
    }
  }
}

/** The list operand of `$in` / `$containsAll`: written out, or `{ $var: path }` naming a list variable. */
function listOperand(operand: unknown, ctx: MatchContext): { ok: true; list: unknown[] } | { ok: false; problem: string } {
  if (Array.isArray(operand)) return { ok: true, list: operand };
  if (isPlainObject(operand) && typeof operand.$var === 'string' && Object.keys(operand).length === 1) {
    const found = getPath(ctx.vars, operand.$var);
    if (!found.found) return { ok: false, problem: `(\`${operand.$var}\` is not set)` };
    if (!Array.isArray(found.value)) return { ok: false, problem: `(\`${operand.$var}\` is ${describeActual(found.value)}, not a list)` };
    return { ok: true, list: found.value };
  }
  return { ok: true, list: [operand] };
}

/** `$increasing: true` (numbers) or `$increasing: member` (objects with a numeric member): strictly rising. */
function increasing(operand: unknown, value: unknown, pointer: string, expected: string): MatchOutcome {
  if (!Array.isArray(value)) return fail(pointer, expected, describeActual(value));
  const member = typeof operand === 'string' ? operand : undefined;
  let previous: number | undefined;
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    const n = member === undefined ? item : isPlainObject(item) ? item[member] : undefined;
    const at = member === undefined ? appendPointer(pointer, i) : appendPointer(appendPointer(pointer, i), member);
    if (typeof n !== 'number') return fail(at, `a number (${expected})`, describeActual(n));
    if (previous !== undefined && !(n > previous)) return fail(at, `a number greater than ${previous} (${expected})`, String(n));
    previous = n;
  }
  return OK;
}

function validated(pointer: string, expected: string, value: unknown, run: () => string[]): MatchOutcome {
  if (value === undefined) return fail(pointer, expected, 'absent');
  let messages: string[];
  try {
    messages = run();
  } catch (err) {
    messages = [`could not validate: ${(err as Error).message}`];
  }
  if (messages.length === 0) return OK;
  const shown = messages.slice(0, 3).join('; ');
  return fail(pointer, expected, messages.length > 3 ? `${shown}; and ${messages.length - 3} more` : shown);
}

function unique(operand: unknown, value: unknown, pointer: string, expected: string): MatchOutcome {
  if (!Array.isArray(value)) return fail(pointer, expected, describeActual(value));
  const member = typeof operand === 'string' ? operand : undefined;
  const seen: { key: unknown; index: number }[] = [];
  for (let i = 0; i < value.length; i++) {
    const item = value[i];
    let key: unknown = item;
    if (member !== undefined) {
      // Elements without the member cannot collide on it.
      if (!isPlainObject(item) || !Object.hasOwn(item, member)) continue;
      key = item[member];
    }
    const earlier = seen.find((s) => jsonEqual(s.key, key));
    if (earlier) {
      const at = member !== undefined ? appendPointer(appendPointer(pointer, i), member) : appendPointer(pointer, i);
      return fail(at, expected, `${renderValue(key, 80)} at both ${appendPointer(pointer, earlier.index)} and ${appendPointer(pointer, i)}`);
    }
    seen.push({ key, index: i });
  }
  return OK;
}

/** The first place two JSON values differ, so a failed deep comparison points at the real difference. */
function firstDifference(expected: unknown, actual: unknown, pointer: string): MatchOutcome {
  if (jsonEqual(expected, actual) && actual !== undefined) return OK;
  if (isPlainObject(expected) && isPlainObject(actual)) {
    for (const key of Object.keys(expected)) {
      const sub = firstDifference(expected[key], Object.hasOwn(actual, key) ? actual[key] : undefined, appendPointer(pointer, key));
      if (!sub.ok) return sub;
    }
    for (const key of Object.keys(actual)) {
      if (!Object.hasOwn(expected, key) && actual[key] !== undefined) return fail(appendPointer(pointer, key), 'absent', renderValue(actual[key]));
    }
    return OK;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    for (let i = 0; i < Math.min(expected.length, actual.length); i++) {
      const sub = firstDifference(expected[i], actual[i], appendPointer(pointer, i));
      if (!sub.ok) return sub;
    }
    if (expected.length !== actual.length) return fail(pointer, `an array of ${count(expected.length)}`, `an array of ${count(actual.length)}`);
    return OK;
  }
  return fail(pointer, renderValue(expected), describeActual(actual));
}

function describeActual(value: unknown): string {
  const type = jsonTypeOf(value);
  if (type === 'absent') return 'absent';
  return `${renderValue(value)}${type === 'object' || type === 'array' || type === 'null' ? '' : ` (${type === 'integer' ? 'number' : type})`}`;
}

function describeSource(operand: unknown): string {
  return isPlainObject(operand) && typeof operand.$var === 'string' ? `\`${operand.$var}\`` : renderValue(operand, 60);
}

function count(n: number): string {
  return `${n} element${n === 1 ? '' : 's'}`;
}

/** A mismatch inside an object's values or names (matched as an array) points at the member, not its index. */
function atMember(outcome: MatchOutcome, keys: string[], pointer: string): MatchOutcome {
  if (outcome.ok) return outcome;
  const index = /^\/(\d+)(\/.*)?$/.exec(outcome.pointer.slice(pointer.length));
  const key = index ? keys[Number(index[1])] : undefined;
  return key === undefined ? outcome : { ...outcome, pointer: appendPointer(pointer, key) + (index![2] ?? '') };
}
