// A lenient reader of the JSON Schemas tools declare (draft-07 or 2020-12): follows local $refs and
// folds allOf into one schema, so argument generators only deal with plain keyword sets.
import { isPlainObject } from './json-values.js';

export type SchemaObject = Record<string, unknown>;
/** A resolved schema: `true` accepts anything, `false` nothing. */
export type Resolved = SchemaObject | boolean;

const MAX_DEPTH = 12;

export class SchemaView {
  constructor(private readonly root: unknown) {}

  /** The schema with local $refs followed and allOf merged in; unknown shapes count as `true`. */
  resolve(schema: unknown, depth = 0): Resolved {
    if (typeof schema === 'boolean') return schema;
    if (!isPlainObject(schema) || depth > MAX_DEPTH) return true;
    let node: SchemaObject = schema;
    if (typeof node.$ref === 'string') {
      const target = this.lookup(node.$ref);
      const { $ref: _ignored, ...siblings } = node;
      const resolvedTarget = this.resolve(target, depth + 1);
      if (resolvedTarget === false) return false;
      node = resolvedTarget === true ? siblings : merge(resolvedTarget, siblings);
    }
    if (Array.isArray(node.allOf)) {
      const { allOf, ...rest } = node;
      let merged: SchemaObject = rest;
      for (const part of allOf as unknown[]) {
        const r = this.resolve(part, depth + 1);
        if (r === false) return false;
        if (r !== true) merged = merge(merged, r);
      }
      node = merged;
    }
    return node;
  }

  private lookup(ref: string): unknown {
    if (ref === '#') return this.root;
    if (!ref.startsWith('#/')) return true; // remote refs are out of reach: assume anything goes
    let node: unknown = this.root;
    for (const raw of ref.slice(2).split('/')) {
      const seg = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
      if (!isPlainObject(node) || !Object.hasOwn(node, seg)) return true;
      node = node[seg];
    }
    return node;
  }
}

/** Conjunction of two keyword sets, keeping the stricter bound wherever both constrain the same thing. */
function merge(a: SchemaObject, b: SchemaObject): SchemaObject {
  const out: SchemaObject = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const prev = out[key];
    if (prev === undefined) {
      out[key] = value;
      continue;
    }
    switch (key) {
      case 'properties':
        out[key] = mergeProperties(prev, value);
        break;
      case 'required':
        out[key] = [...new Set([...(asArray(prev) as string[]), ...(asArray(value) as string[])])];
        break;
      case 'type': {
        const left = asArray(prev).map(String);
        const right = asArray(value).map(String);
        const both = left.filter((t) => right.includes(t) || (t === 'integer' && right.includes('number')));
        const extra = right.filter((t) => t === 'integer' && left.includes('number') && !both.includes('integer'));
        out[key] = [...both, ...extra];
        break;
      }
      case 'minimum':
      case 'minLength':
      case 'minItems':
      case 'minProperties':
        out[key] = Math.max(Number(prev), Number(value));
        break;
      case 'maximum':
      case 'maxLength':
      case 'maxItems':
      case 'maxProperties':
        out[key] = Math.min(Number(prev), Number(value));
        break;
      case 'enum':
        out[key] = (asArray(prev) as unknown[]).filter((x) => (asArray(value) as unknown[]).some((y) => JSON.stringify(x) === JSON.stringify(y)));
        break;
      default:
        out[key] = isPlainObject(prev) && isPlainObject(value) ? { allOf: [prev, value] } : value;
    }
  }
  return out;
}

function mergeProperties(a: unknown, b: unknown): SchemaObject {
  const out: SchemaObject = { ...(isPlainObject(a) ? a : {}) };
  for (const [k, v] of Object.entries(isPlainObject(b) ? b : {})) out[k] = out[k] === undefined ? v : { allOf: [out[k], v] };
  return out;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

/** The JSON types a schema allows, from `type` or, failing that, from the keywords it uses. */
export function declaredTypes(schema: SchemaObject): string[] | undefined {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.map(String);
  return undefined;
}

export function inferredTypes(schema: SchemaObject): string[] {
  const declared = declaredTypes(schema);
  if (declared) return declared;
  if ('const' in schema) return [typeOfValue(schema.const)];
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return [typeOfValue(schema.enum[0])];
  if ('properties' in schema || 'required' in schema || 'additionalProperties' in schema || 'patternProperties' in schema) return ['object'];
  if ('items' in schema || 'prefixItems' in schema || 'minItems' in schema || 'maxItems' in schema || 'contains' in schema) return ['array'];
  if ('minLength' in schema || 'maxLength' in schema || 'pattern' in schema || 'format' in schema) return ['string'];
  if ('minimum' in schema || 'maximum' in schema || 'exclusiveMinimum' in schema || 'exclusiveMaximum' in schema || 'multipleOf' in schema) return ['number'];
  return [];
}

function typeOfValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}
