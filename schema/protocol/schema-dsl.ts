// Small builders for the JSON Schema (2020-12) objects the protocol model is written in, plus the
// patch helpers the per-revision change files use. They keep a definition as short as the type it describes.

/** A JSON Schema object as plain data; our definitions never use boolean schemas at the top. */
export type SchemaObject = { [keyword: string]: unknown };

/** Reference to another definition of the same revision. */
export function ref(name: string): SchemaObject {
  return { $ref: `#/$defs/${name}` };
}

/** The definition name a `ref()` points at, or undefined for any other schema. */
export function refName(schema: unknown): string | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const target = (schema as SchemaObject).$ref;
  return typeof target === 'string' && target.startsWith('#/$defs/') ? target.slice('#/$defs/'.length) : undefined;
}

export const str = (extra: SchemaObject = {}): SchemaObject => ({ type: 'string', ...extra });
export const uri = (): SchemaObject => ({ type: 'string', format: 'uri' });
export const uriTemplate = (): SchemaObject => ({ type: 'string', format: 'uri-template' });
/** Base64 data (the spec's `format: byte`). */
export const base64 = (): SchemaObject => ({ type: 'string', format: 'byte' });
export const int = (extra: SchemaObject = {}): SchemaObject => ({ type: 'integer', ...extra });
export const num = (extra: SchemaObject = {}): SchemaObject => ({ type: 'number', ...extra });
export const bool = (): SchemaObject => ({ type: 'boolean' });
/** A number in [0, 1]: priorities in annotations and model preferences. */
export const unitInterval = (): SchemaObject => ({ type: 'number', minimum: 0, maximum: 1 });
/** Any JSON value. */
export const anything = (): SchemaObject => ({});
export const strings = (): SchemaObject => ({ type: 'array', items: { type: 'string' } });

/** A string constant, typed so that a wrong JSON type reports "must be string" first. */
export function constant(value: string | number): SchemaObject {
  return { type: typeof value === 'number' ? 'integer' : 'string', const: value };
}

export function oneOfStrings(values: readonly string[]): SchemaObject {
  return { type: 'string', enum: [...values] };
}

export function array(items: SchemaObject, extra: SchemaObject = {}): SchemaObject {
  return { type: 'array', items, ...extra };
}

/** An object whose members all follow one schema (a map). */
export function record(values: SchemaObject): SchemaObject {
  return { type: 'object', additionalProperties: values };
}

/** An object with no declared members: capability flags and free-form settings. */
export function openObject(): SchemaObject {
  return { type: 'object' };
}

/**
 * An object with declared members. MCP objects are open (unknown members are allowed), so no
 * `additionalProperties: false` ever appears: the spec reserves room for extensions everywhere.
 */
export function object<P extends Record<string, SchemaObject>>(properties: P, required: readonly (keyof P & string)[] = []): SchemaObject {
  const out: SchemaObject = { type: 'object', properties: { ...properties } };
  if (required.length > 0) out.required = [...required];
  return out;
}

export function anyOf(...schemas: SchemaObject[]): SchemaObject {
  return { anyOf: schemas };
}

export function allOf(...schemas: SchemaObject[]): SchemaObject {
  return { allOf: schemas };
}

/**
 * A union told apart by one string member (`type` of content blocks, `method` of requests).
 * Written as `if`/`then` branches rather than a bare `anyOf` so that a broken member is reported
 * against the one branch its discriminator selects, not against every alternative. Accepts exactly
 * the values the equivalent `anyOf` accepts when every branch pins the discriminator with `const`.
 * `otherwise` names the branch used when the discriminator is absent or matches no other branch.
 */
export function union(discriminator: string, branches: Record<string, string>, otherwise?: string): SchemaObject {
  const values = Object.keys(branches);
  const conditions = values.map((value) => ({
    if: { properties: { [discriminator]: { const: value } }, required: [discriminator] },
    then: ref(branches[value]!),
  }));
  if (otherwise !== undefined) {
    return {
      type: 'object',
      allOf: [...conditions, { if: { not: { properties: { [discriminator]: { enum: values } }, required: [discriminator] } }, then: ref(otherwise) }],
    };
  }
  return {
    type: 'object',
    required: [discriminator],
    properties: { [discriminator]: { type: 'string', enum: values } },
    allOf: conditions,
  };
}

// ---- patch helpers for the change files: each returns a new schema and never mutates its input ----

function copy(schema: SchemaObject): SchemaObject {
  return structuredClone(schema);
}

/** Adds (or replaces) declared members, and optionally marks some of them required. */
export function withProperties(schema: SchemaObject, properties: Record<string, SchemaObject>, required: readonly string[] = []): SchemaObject {
  const out = copy(schema);
  out.properties = { ...((out.properties as SchemaObject | undefined) ?? {}), ...structuredClone(properties) };
  return required.length > 0 ? withRequired(out, required) : out;
}

/** Removes declared members (and their required-ness). */
export function withoutProperties(schema: SchemaObject, names: readonly string[]): SchemaObject {
  const out = copy(schema);
  const props = { ...((out.properties as SchemaObject | undefined) ?? {}) };
  for (const name of names) delete props[name];
  out.properties = props;
  return withoutRequired(out, names);
}

export function withRequired(schema: SchemaObject, names: readonly string[]): SchemaObject {
  const out = copy(schema);
  const required = new Set<string>((out.required as string[] | undefined) ?? []);
  for (const name of names) required.add(name);
  out.required = [...required];
  return out;
}

export function withoutRequired(schema: SchemaObject, names: readonly string[]): SchemaObject {
  const out = copy(schema);
  const required = ((out.required as string[] | undefined) ?? []).filter((n) => !names.includes(n));
  if (required.length > 0) out.required = required;
  else delete out.required;
  return out;
}

/** Replaces one declared member with the result of `change` applied to its current schema. */
export function mapProperty(schema: SchemaObject, name: string, change: (current: SchemaObject) => SchemaObject): SchemaObject {
  const props = (schema.properties as Record<string, SchemaObject> | undefined) ?? {};
  const current = props[name];
  if (current === undefined) throw new Error(`mapProperty: the schema declares no member "${name}"`);
  return withProperties(schema, { [name]: change(structuredClone(current)) });
}
