// Derives certainly-invalid variants of a valid value by walking it alongside its schema: drop each
// required member, give a member the wrong JSON type, break a constant, an enum, a format or a bound.
import type { SchemaObject } from './schema-dsl.js';

export interface InvalidVariant {
  /** What was broken, e.g. `drop /params/name` or `type /result/tools/0/name = 12345`. */
  description: string;
  /** JSON pointer of the member that was changed or removed. */
  pointer: string;
  value: unknown;
}

export interface VariantOptions {
  /** Resolves a `$ref` value to its schema; return undefined for references the walk cannot follow. */
  resolve(ref: string): SchemaObject | undefined;
  /**
   * Pointers the walk must not touch: members whose change would make the value a different kind
   * of thing rather than an invalid one (a message's `method` selects its type, `id` makes it a request).
   */
  frozen?: readonly string[];
}

type Path = (string | number)[];

/** Values of each JSON type, tried in order when a member needs a value of another type. */
const WRONG_TYPED: readonly unknown[] = ['wrong-type', 12345, 1.5, true, null, { wrong: 'type' }, ['wrong-type']];

/** A string that breaks each format our schemas use. */
const BAD_FORMAT: Record<string, string> = {
  uri: 'not a uri',
  'uri-template': 'file:///{unclosed',
  byte: '***not base64***',
};

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeAllows(allowed: unknown, value: unknown): boolean {
  const types = Array.isArray(allowed) ? allowed : [allowed];
  const actual = jsonType(value);
  return types.includes(actual) || (actual === 'integer' && types.includes('number'));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pointerOf(path: Path): string {
  return path.map((p) => `/${String(p).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

function replaced(root: unknown, path: Path, value: unknown | typeof DROP): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === DROP) delete node[last];
  else node[last] = value;
  return copy;
}

const DROP = Symbol('drop');

export function invalidVariants(schema: SchemaObject, value: unknown, options: VariantOptions): InvalidVariant[] {
  const out: InvalidVariant[] = [];
  const seen = new Set<string>();
  const frozen = new Set(options.frozen ?? []);

  const emit = (path: Path, what: string, replacement: unknown | typeof DROP): void => {
    const pointer = pointerOf(path);
    if (frozen.has(pointer)) return;
    const description = `${what} ${pointer}${replacement === DROP ? '' : ` = ${JSON.stringify(replacement)}`}`;
    if (seen.has(description)) return;
    seen.add(description);
    out.push({ description, pointer, value: replaced(value, path, replacement) });
  };

  /** Follows `$ref` chains; returns the schema nodes that all apply (a ref may sit beside other keywords). */
  const expand = (node: SchemaObject, depth = 0): SchemaObject[] => {
    if (depth > 20) return [];
    const target = typeof node.$ref === 'string' ? options.resolve(node.$ref) : undefined;
    const rest = target ? [node, ...expand(target, depth + 1)] : [node];
    return rest;
  };

  /** A small evaluator for the `if` conditions our schemas use (const/enum on members, required, not). */
  const holds = (condition: SchemaObject, data: unknown): boolean | undefined => {
    if (condition.not !== undefined) {
      const inner = holds(condition.not as SchemaObject, data);
      return inner === undefined ? undefined : !inner;
    }
    if (!isObject(data)) return false;
    for (const key of (condition.required as string[] | undefined) ?? []) if (!(key in data)) return false;
    for (const [key, sub] of Object.entries((condition.properties as Record<string, SchemaObject> | undefined) ?? {})) {
      if (!(key in data)) continue;
      if ('const' in sub && data[key] !== sub.const) return false;
      if (Array.isArray(sub.enum) && !sub.enum.includes(data[key])) return false;
    }
    const known = new Set(['required', 'properties']);
    return Object.keys(condition).every((k) => known.has(k)) ? true : undefined;
  };

  /** Breaks a member according to the first constraint its schema states. */
  const breakMember = (memberSchema: SchemaObject, current: unknown, path: Path): void => {
    const nodes = expand(memberSchema);
    for (const node of nodes) {
      if ('const' in node) {
        emit(path, 'const', typeof node.const === 'number' ? (node.const as number) + 1 : `not-${String(node.const)}`);
        return;
      }
      if (Array.isArray(node.enum)) {
        emit(path, 'enum', 'not-an-allowed-value');
        return;
      }
    }
    for (const node of nodes) {
      if (node.type === undefined) continue;
      const wrong = WRONG_TYPED.find((candidate) => !typeAllows(node.type, candidate));
      if (wrong !== undefined) emit(path, 'type', wrong);
      if (typeof node.format === 'string' && typeof current === 'string' && BAD_FORMAT[node.format] !== undefined) {
        emit(path, 'format', BAD_FORMAT[node.format]);
      }
      if (typeof node.minimum === 'number' && typeof current === 'number') emit(path, 'minimum', node.minimum - 1);
      if (typeof node.maximum === 'number' && typeof current === 'number') emit(path, 'maximum', node.maximum + 1);
      return;
    }
  };

  const walk = (node: SchemaObject, data: unknown, path: Path, depth: number): void => {
    if (depth > 64) return;
    for (const schema of expand(node)) {
      for (const sub of (schema.allOf as SchemaObject[] | undefined) ?? []) walk(sub, data, path, depth + 1);
      if (schema.if !== undefined) {
        const verdict = holds(schema.if as SchemaObject, data);
        if (verdict === true && schema.then) walk(schema.then as SchemaObject, data, path, depth + 1);
        if (verdict === false && schema.else) walk(schema.else as SchemaObject, data, path, depth + 1);
      }
      // anyOf/oneOf are not entered: a change inside one branch may well satisfy another.
      if (isObject(data)) {
        for (const key of (schema.required as string[] | undefined) ?? []) {
          if (key in data) emit([...path, key], 'drop', DROP);
        }
        const properties = (schema.properties as Record<string, SchemaObject> | undefined) ?? {};
        for (const [key, member] of Object.entries(properties)) {
          if (!(key in data)) continue;
          breakMember(member, data[key], [...path, key]);
          walk(member, data[key], [...path, key], depth + 1);
        }
        const additional = schema.additionalProperties;
        if (isObject(additional)) {
          for (const key of Object.keys(data)) {
            if (key in properties) continue;
            breakMember(additional as SchemaObject, data[key], [...path, key]);
            walk(additional as SchemaObject, data[key], [...path, key], depth + 1);
          }
        }
      }
      if (Array.isArray(data) && isObject(schema.items)) {
        data.forEach((element, index) => {
          breakMember(schema.items as SchemaObject, element, [...path, index]);
          walk(schema.items as SchemaObject, element, [...path, index], depth + 1);
        });
      }
    }
  };

  walk(schema, value, [], 0);
  return out;
}
