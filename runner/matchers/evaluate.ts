// Evaluates scenario expressions (suites/README.md, "Expressions"): $var, "${}" interpolation,
// $validArgs, $quickArgs, $invalidArgs, $repeat, $literal, $merge, $firstMatch, $headerParams, $keysOf, $omit and $firstMember, recursively through
// objects and arrays.
import { EXPRESSION_OPERATORS } from '../../schema/scenario/index.js';
import { headerParamsFor } from './header-params.js';
import { invalidArgsFor } from './invalid-args.js';
import { isPlainObject } from './json-values.js';
import { quickArgsFor } from './quick-args.js';
import { validArgsFor } from './valid-args.js';
import { getPath } from './var-path.js';

export interface EvalContext {
  vars: Record<string, unknown>;
  /** Makes generated values ($validArgs, $invalidArgs) reproducible. */
  seed: number;
  /**
   * Whether a value matches a pattern, for `$firstMatch`. Passed in by the caller (steps use
   * matchPattern) because the matcher itself evaluates expressions: importing it here would be a cycle.
   */
  matches?: (pattern: unknown, value: unknown) => boolean;
  /**
   * Arguments the user gave for a tool (--tool-args), by its name: `$validArgs` and `$quickArgs`
   * of that tool are these instead of generated ones (they know what works offline).
   */
  toolArguments?: (toolName: string) => Record<string, unknown> | undefined;
}

/** A scenario asked for something the variables cannot provide; the message says what to change. */
export class ExpressionError extends Error {
  readonly code = 'MCPC_EXPRESSION_FAILED';
  constructor(message: string) {
    super(message);
    this.name = 'ExpressionError';
  }
}

const OPERATORS: ReadonlySet<string> = new Set(EXPRESSION_OPERATORS);
const WHOLE = /^\$\{\s*([^{}]+?)\s*\}$/;
const PART = /\$\{\s*([^{}]+?)\s*\}/g;
const MAX_REPEAT_LENGTH = 100_000_000;

export function evaluate(expr: unknown, ctx: EvalContext): unknown {
  if (typeof expr === 'string') return interpolate(expr, ctx.vars);
  if (Array.isArray(expr)) return expr.map((item) => evaluate(item, ctx));
  if (!isPlainObject(expr)) return expr;
  const keys = Object.keys(expr);
  if (keys.length === 1 && OPERATORS.has(keys[0]!)) return operator(keys[0]!, expr[keys[0]!], ctx);
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const value = evaluate(expr[key], ctx);
    // A member whose variable is unset is left out, so `cursor: { $var: cursor }` disappears on the first page.
    if (value !== undefined) out[key] = value;
  }
  return out;
}

function operator(op: string, operand: unknown, ctx: EvalContext): unknown {
  switch (op) {
    case '$literal':
      return operand;
    case '$var':
      return getPath(ctx.vars, String(operand)).value;
    case '$validArgs':
      return userArgumentsOf(operand, ctx) ?? validArgsFor(inputSchemaOf(op, operand, ctx), ctx.seed);
    case '$quickArgs':
      return userArgumentsOf(operand, ctx) ?? quickArgsFor(inputSchemaOf(op, operand, ctx), ctx.seed);
    case '$invalidArgs': {
      const made = invalidArgsFor(inputSchemaOf(op, operand, ctx), ctx.seed);
      if (!made) {
        throw new ExpressionError(
          `Failed to make invalid arguments for \`${String(operand)}\`: its inputSchema accepts any arguments. ` +
            'Pick a tool with a typed or required property, e.g. `where: { inputSchema: { required: { $minLength: 1 } } }`.',
        );
      }
      return made.args;
    }
    case '$repeat': {
      const spec = evaluate(operand, ctx);
      const text = isPlainObject(spec) ? spec.text : undefined;
      const times = isPlainObject(spec) ? spec.times : undefined;
      if (typeof text !== 'string' || typeof times !== 'number' || !Number.isInteger(times) || times < 0) {
        throw new ExpressionError('Failed to evaluate `$repeat`: it needs `{ text: <string>, times: <integer ≥ 0> }`. Fix the operand.');
      }
      if (text.length * times > MAX_REPEAT_LENGTH) {
        throw new ExpressionError(
          `Failed to evaluate \`$repeat\`: ${text.length * times} characters is over the ${MAX_REPEAT_LENGTH} limit. Use a smaller \`times\`.`,
        );
      }
      return text.repeat(times);
    }
    case '$promptArgs':
      return promptArgsFor(operand, ctx);
    case '$inputResponses':
      return inputResponsesFor(evaluate(operand, ctx));
    case '$merge':
      return mergeObjects(operand, ctx);
    case '$firstMatch':
      return firstMatch(operand, ctx);
    case '$headerParams':
      return headerParamsOf(operand, ctx);
    case '$keysOf': {
      const value = evaluate(operand, ctx);
      return isPlainObject(value) ? Object.keys(value) : [];
    }
    case '$omit':
      return omitMembers(operand, ctx);
    case '$firstMember': {
      // Unset when there is none, so a step can be guarded with `defined`.
      const value = evaluate(operand, ctx);
      const first = isPlainObject(value) ? Object.entries(value)[0] : undefined;
      return first ? { [first[0]]: first[1] } : undefined;
    }
    default:
      return operand;
  }
}

/** `$merge: [a, b, ...]`: the members of each object, later ones winning (a shallow merge). */
function mergeObjects(operand: unknown, ctx: EvalContext): Record<string, unknown> {
  const parts = Array.isArray(operand) ? operand.map((part) => evaluate(part, ctx)) : [evaluate(operand, ctx)];
  const out: Record<string, unknown> = {};
  for (const [i, part] of parts.entries()) {
    if (part === undefined) continue;
    if (!isPlainObject(part))
      throw new ExpressionError(
        `Failed to evaluate \`$merge\`: item ${i + 1} is ${JSON.stringify(part)}, not an object. List objects (or variables holding objects) to merge.`,
      );
    Object.assign(out, part);
  }
  return out;
}

/**
 * `$omit: { from, keys }`: the object without the named members (an unset `from` is empty). Keeps
 * track of what is still to do, e.g. input requests not answered yet.
 */
function omitMembers(operand: unknown, ctx: EvalContext): Record<string, unknown> {
  const spec = evaluate(operand, ctx);
  const from = isPlainObject(spec) ? spec.from : undefined;
  const keys = isPlainObject(spec) ? (spec.keys ?? []) : undefined;
  if (!isPlainObject(spec) || (from !== undefined && !isPlainObject(from)) || !Array.isArray(keys)) {
    throw new ExpressionError('Failed to evaluate `$omit`: it needs `{ from: <object>, keys: [<name>, ...] }`. Fix the operand.');
  }
  const drop = new Set(keys.map(String));
  return Object.fromEntries(Object.entries(from ?? {}).filter(([key]) => !drop.has(key)));
}

/**
 * `$firstMatch: { of: [...], pattern }`: the first value that matches, or undefined (an unset
 * variable) when none does. Picks among alternatives the spec allows, e.g. the protected resource
 * metadata found through the challenge, else at one of the two well-known URIs.
 */
function firstMatch(operand: unknown, ctx: EvalContext): unknown {
  const of = isPlainObject(operand) ? operand.of : undefined;
  if (!isPlainObject(operand) || !Array.isArray(of) || !('pattern' in operand)) {
    throw new ExpressionError('Failed to evaluate `$firstMatch`: it needs `{ of: [<expression>, ...], pattern: <pattern> }`. Fix the operand.');
  }
  if (!ctx.matches) throw new ExpressionError('Failed to evaluate `$firstMatch`: patterns cannot be matched here. Use it in a `set` step.');
  for (const candidate of of) {
    const value = evaluate(candidate, ctx);
    if (value !== undefined && ctx.matches(operand.pattern, value)) return value;
  }
  return undefined;
}

/** `$promptArgs: prompt`: a value for every required argument of the prompt in that variable. */
function promptArgsFor(operand: unknown, ctx: EvalContext): Record<string, string> {
  const prompt = typeof operand === 'string' ? getPath(ctx.vars, operand).value : evaluate(operand, ctx);
  if (!isPlainObject(prompt)) {
    throw new ExpressionError(
      `Failed to evaluate \`$promptArgs\`: \`${JSON.stringify(operand)}\` is not a prompt. Name a variable bound by \`pick: prompt, from: prompts\`.`,
    );
  }
  const out: Record<string, string> = {};
  const list = Array.isArray(prompt.arguments) ? prompt.arguments : [];
  for (const arg of list) if (isPlainObject(arg) && arg.required === true && typeof arg.name === 'string') out[arg.name] = 'mcp-conform';
  return out;
}

/**
 * `$inputResponses: { requests, replies }`: answers an input-required result's inputRequests (a map
 * of server-chosen keys to requests) with the scripted result for each request's method. Keys
 * whose method has no scripted result are left out, as a client that cannot answer would.
 */
function inputResponsesFor(spec: unknown): Record<string, unknown> {
  const requests = isPlainObject(spec) ? spec.requests : undefined;
  const replies = isPlainObject(spec) ? spec.replies : undefined;
  if (!isPlainObject(requests) || !isPlainObject(replies)) {
    throw new ExpressionError(
      'Failed to evaluate `$inputResponses`: it needs `{ requests: <inputRequests object>, replies: <method → { result }> }`. Capture the inputRequests first.',
    );
  }
  const out: Record<string, unknown> = {};
  for (const [key, request] of Object.entries(requests)) {
    const method = isPlainObject(request) ? request.method : undefined;
    const reply = typeof method === 'string' ? replies[method] : undefined;
    if (isPlainObject(reply) && 'result' in reply) out[key] = reply.result;
  }
  return out;
}

/** `$headerParams: tool` or `{ tool, text, omit }`: the tool's first x-mcp-header argument and arguments giving it a value. */
function headerParamsOf(operand: unknown, ctx: EvalContext): unknown {
  const spec = isPlainObject(operand) ? operand : { tool: operand };
  const text = spec.text === undefined ? undefined : evaluate(spec.text, ctx);
  if (typeof spec.tool !== 'string' || (text !== undefined && typeof text !== 'string')) {
    throw new ExpressionError(
      'Failed to evaluate `$headerParams`: it needs a tool variable, or `{ tool: <variable>, text: <string>, omit: <boolean> }`. Fix the operand.',
    );
  }
  return headerParamsFor(inputSchemaOf('$headerParams', spec.tool, ctx), ctx.seed, {
    ...(text !== undefined ? { text } : {}),
    ...(spec.omit === true ? { omit: true } : {}),
  });
}

/** The user's arguments for the tool a `$validArgs: tool` names by its variable, when they gave some. */
function userArgumentsOf(operand: unknown, ctx: EvalContext): Record<string, unknown> | undefined {
  if (!ctx.toolArguments || typeof operand !== 'string') return undefined;
  const tool = getPath(ctx.vars, operand).value;
  return isPlainObject(tool) && typeof tool.name === 'string' ? ctx.toolArguments(tool.name) : undefined;
}

/** The inputSchema behind `$validArgs: tool`: the variable's `inputSchema`, or the value itself when it is a schema. */
function inputSchemaOf(op: string, operand: unknown, ctx: EvalContext): unknown {
  const source = typeof operand === 'string' ? getPath(ctx.vars, operand) : { found: operand !== undefined, value: evaluate(operand, ctx) };
  if (!source.found) {
    throw new ExpressionError(
      `Failed to evaluate \`${op}: ${String(operand)}\`: the variable \`${String(operand)}\` is not set. ` +
        'Bind it first, e.g. with a `pick` condition in `requires`.',
    );
  }
  const value = source.value;
  if (isPlainObject(value) && Object.hasOwn(value, 'inputSchema')) return value.inputSchema;
  return value;
}

/** "${x}" alone keeps the variable's type (and is undefined when unset); embedded ones become text. */
function interpolate(text: string, vars: Record<string, unknown>): unknown {
  if (!text.includes('${')) return text;
  const whole = WHOLE.exec(text);
  if (whole) return getPath(vars, whole[1]!).value;
  return text.replace(PART, (_, path: string) => {
    const found = getPath(vars, path);
    if (!found.found) {
      throw new ExpressionError(
        `Failed to evaluate "${text}": the variable \`${path}\` is not set. ` +
          `Set it earlier (set, capture or pick), or guard the step with \`when: { defined: ${path.split(/[.[]/)[0]} }\`.`,
      );
    }
    return typeof found.value === 'string' ? found.value : JSON.stringify(found.value);
  });
}
