// Builds arguments that break a tool's inputSchema ($invalidArgs) in one clear way: a property of the
// wrong type, else a required property missing or an undeclared one; undefined if nothing can break it.
import { isPlainObject, jsonTypeOf } from './json-values.js';
import { declaredTypes, SchemaView, type SchemaObject } from './schema-view.js';
import { validArgsFor } from './valid-args.js';

/** Wrong values, tried in order until one has none of the allowed types. */
const WRONG_VALUES: unknown[] = ['mcp-conform-wrong-type', 12345, true, { mcpConform: 'wrong-type' }, ['mcp-conform'], null, 1.5];

export function invalidArgsFor(inputSchema: unknown, seed: number): { args: Record<string, unknown>; violation: string } | undefined {
  const view = new SchemaView(inputSchema);
  const root = view.resolve(inputSchema);
  if (root === true || root === false) return undefined;
  const valid = validArgsFor(inputSchema, seed);
  const properties = isPlainObject(root.properties) ? root.properties : {};
  const required = Array.isArray(root.required) ? root.required.map(String) : [];

  const typed = (names: string[]) =>
    names
      .map((name) => ({ name, schema: view.resolve(properties[name]) }))
      .filter((p): p is { name: string; schema: SchemaObject } => p.schema !== true && p.schema !== false && declaredTypes(p.schema) !== undefined);
  const pick = <T>(list: T[]): T | undefined => (list.length === 0 ? undefined : list[Math.abs(seed) % list.length]);

  const wrongType = pick(typed(required)) ?? pick(typed(Object.keys(properties)));
  if (wrongType) {
    const allowed = declaredTypes(wrongType.schema)!;
    const wrong = WRONG_VALUES.find((v) => !allowed.some((t) => matchesType(v, t)));
    if (wrong !== undefined) {
      return {
        args: { ...valid, [wrongType.name]: wrong },
        violation: `\`${wrongType.name}\` is ${describeType(wrong)}, but the schema requires ${allowed.join(' or ')}`,
      };
    }
  }
  const missing = pick(required);
  if (missing !== undefined) {
    const { [missing]: _dropped, ...rest } = valid;
    return { args: rest, violation: `the required property \`${missing}\` is missing` };
  }
  const enumerated = pick(
    Object.keys(properties).filter((name) => {
      const s = view.resolve(properties[name]);
      return isPlainObject(s) && (Array.isArray(s.enum) || 'const' in s);
    }),
  );
  if (enumerated !== undefined) {
    return { args: { ...valid, [enumerated]: 'mcp-conform-not-an-allowed-value' }, violation: `\`${enumerated}\` is not one of the allowed values` };
  }
  if (root.additionalProperties === false && !isPlainObject(root.patternProperties)) {
    return {
      args: { ...valid, mcp_conform_unexpected: 'mcp-conform' },
      violation: 'it carries `mcp_conform_unexpected`, a property the schema does not allow',
    };
  }
  const rootTypes = declaredTypes(root);
  if (rootTypes && !rootTypes.includes('object')) return { args: valid, violation: `the schema requires ${rootTypes.join(' or ')}, not an object` };
  return undefined;
}

function matchesType(value: unknown, type: string): boolean {
  const actual = jsonTypeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

function describeType(value: unknown): string {
  const t = jsonTypeOf(value);
  return t === 'null' ? 'null' : t === 'integer' ? 'a number' : t === 'object' || t === 'array' ? `an ${t}` : `a ${t}`;
}
