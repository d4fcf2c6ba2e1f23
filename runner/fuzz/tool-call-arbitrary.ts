// Arbitraries for tools/call derived from one discovered tool's inputSchema: valid arguments with
// hostile strings and boundary numbers, and near-valid ones (missing required member, wrong type,
// undeclared member, arguments that are not an object) that the server must reject.
import fc from 'fast-check';
import { headerParams } from '../../schema/mcp-header-params.js';
import { validArgsFor } from '../matchers/index.js';
import type { RequestInput } from './fuzz-input.js';
import { hostileString, jsonValue } from './hostile-strings.js';

type Schema = Record<string, unknown>;

function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typesOf(schema: unknown): string[] | undefined {
  if (!isObject(schema)) return undefined;
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.map(String);
  return undefined;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    case 'null':
      return value === null;
    default:
      return typeof value === type;
  }
}

/** A plain property schema the fuzzer can vary without breaking other keywords (no enum/const/pattern). */
function isPlain(schema: unknown): schema is Schema {
  return isObject(schema) && schema.enum === undefined && schema.const === undefined && schema.pattern === undefined && schema.format === undefined;
}

const WRONG_TYPED: unknown[] = ['mcp-conform-fuzz', 42, 1.5, true, null, ['x'], { x: 1 }];

/** Values still valid for a plain string/number/integer property: hostile strings, boundaries. */
function validVariant(schema: Schema): fc.Arbitrary<unknown> | undefined {
  const types = typesOf(schema);
  if (!types || types.length !== 1) return undefined;
  const [type] = types;
  if (type === 'string' && schema.minLength === undefined && schema.maxLength === undefined) return hostileString();
  if (type === 'integer' && schema.minimum === undefined && schema.maximum === undefined) {
    return fc.oneof(fc.integer(), fc.constantFrom(0, -1, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER));
  }
  if (type === 'number' && schema.minimum === undefined && schema.maximum === undefined) {
    return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -0, 1e308, -1e308, 5e-324));
  }
  return undefined;
}

export interface ToolLike {
  name: string;
  inputSchema?: unknown;
  /** What the server declares about the tool (readOnlyHint, destructiveHint): decides whether it is called. */
  annotations?: unknown;
}

/**
 * `known`: argument objects the user knows work for this tool (--tool-args). The valid calls start
 * from them (varied like generated ones), so a tool that needs real values is reached at all.
 */
export function toolCallArbitrary(tool: ToolLike, known: readonly Record<string, unknown>[] = []): fc.Arbitrary<RequestInput> {
  if (known.length > 1) return fc.oneof(...known.map((args) => toolCallArbitrary(tool, [args])));
  const schema = isObject(tool.inputSchema) ? tool.inputSchema : {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
  const base = known[0] ?? validArgsFor(schema, 1);
  // Top-level arguments with an Mcp-Param header, read as the transport and the servers read them.
  const headerBound = new Set(headerParams(schema).flatMap((p) => (p.path.length === 1 ? p.path : [])));
  const call = (args: unknown, expect: RequestInput['expect'], label: string, member?: string): RequestInput => ({
    kind: 'request',
    method: 'tools/call',
    params: { name: tool.name, arguments: args },
    expect,
    label: `${tool.name}: ${label}`,
    ...(member !== undefined && headerBound.has(member) ? { headerBound: true } : {}),
  });

  const options: fc.WeightedArbitrary<RequestInput>[] = [
    { weight: 1, arbitrary: fc.constant(call(base, 'any', known.length > 0 ? 'the arguments given in --tool-args' : 'valid arguments')) },
  ];
  const variable = Object.entries(properties).flatMap(([name, s]) => {
    const arb = isPlain(s) ? validVariant(s) : undefined;
    return arb && name in base ? [{ name, arb }] : [];
  });
  if (variable.length > 0) {
    // Weighted up: valid calls with hostile values are where crashes hide.
    options.push({
      weight: 3,
      arbitrary: fc
        .constantFrom(...variable)
        .chain(({ name, arb }) => arb.map((value) => call({ ...base, [name]: value }, 'any', `valid arguments, \`${name}\` varied`))),
    });
  }
  if (required.length > 0) {
    options.push({
      weight: 1,
      arbitrary: fc.constantFrom(...required).map((name) => {
        const { [name]: _missing, ...rest } = base;
        return call(rest, 'tool-input-error', `required member \`${name}\` missing`, name);
      }),
    });
  }
  const typed = Object.entries(properties).flatMap(([name, s]) => {
    const types = typesOf(s);
    const wrong = types ? WRONG_TYPED.filter((v) => !types.some((t) => hasType(v, t))) : [];
    return wrong.length > 0 ? [{ name, wrong }] : [];
  });
  if (typed.length > 0) {
    options.push({
      weight: 1,
      arbitrary: fc
        .constantFrom(...typed)
        .chain(({ name, wrong }) =>
          fc.constantFrom(...wrong).map((value) => call({ ...base, [name]: value }, 'tool-input-error', `\`${name}\` of the wrong type`, name)),
        ),
    });
  }
  const closed = schema.additionalProperties === false;
  options.push({
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !(k in properties) && k !== '__proto__'),
        jsonValue(1),
      )
      .map(([key, value]) => call({ ...base, [key]: value }, closed ? 'undeclared-member-error' : 'any', `undeclared member \`${key}\``)),
  });
  options.push({ weight: 1, arbitrary: fc.constantFrom<unknown>([], 'x', 7).map((args) => call(args, 'tool-input-error', 'arguments not an object')) });
  return fc.oneof(...options);
}
