// Builds arguments that satisfy a tool's inputSchema ($validArgs): deterministic for a seed, with
// typical values ("mcp-conform", 1, true) bent only as far as the schema's keywords demand.
import { compileRegex } from './compile-regex.js';
import { isPlainObject, jsonEqual } from './json-values.js';
import { sampleRegex } from './regex-sample.js';
import { inferredTypes, SchemaView, type SchemaObject } from './schema-view.js';

const TYPICAL_STRING = 'mcp-conform';
const MAX_DEPTH = 8;

const FORMAT_SAMPLES: Record<string, (variant: number) => string> = {
  'date-time': (v) => `2025-01-0${(v % 9) + 1}T00:00:00Z`,
  date: (v) => `2025-01-0${(v % 9) + 1}`,
  time: (v) => `00:00:0${v % 10}Z`,
  duration: (v) => `PT${v + 1}S`,
  email: (v) => `mcp-conform${v ? `-${v}` : ''}@example.com`,
  'idn-email': (v) => `mcp-conform${v ? `-${v}` : ''}@example.com`,
  hostname: (v) => `${v ? `h${v}.` : ''}example.com`,
  'idn-hostname': (v) => `${v ? `h${v}.` : ''}example.com`,
  ipv4: (v) => `192.0.2.${(v % 254) + 1}`,
  ipv6: (v) => `2001:db8::${(v % 9999) + 1}`,
  uri: (v) => `https://example.com/mcp-conform${v ? `/${v}` : ''}`,
  'uri-reference': (v) => `https://example.com/mcp-conform${v ? `/${v}` : ''}`,
  iri: (v) => `https://example.com/mcp-conform${v ? `/${v}` : ''}`,
  'iri-reference': (v) => `https://example.com/mcp-conform${v ? `/${v}` : ''}`,
  'uri-template': (v) => `https://example.com/{id}${v ? `/${v}` : ''}`,
  uuid: (v) => `00000000-0000-4000-8000-${String(v).padStart(12, '0')}`,
  'json-pointer': (v) => `/mcp-conform${v ? `/${v}` : ''}`,
  'relative-json-pointer': (v) => `${v}`,
  regex: (v) => `^mcp-conform${v ? `-${v}` : ''}$`,
  byte: () => 'bWNwLWNvbmZvcm0=',
};

/** Arguments for a tool whose inputSchema is `inputSchema`; {} when it constrains nothing. */
export function validArgsFor(inputSchema: unknown, seed: number): Record<string, unknown> {
  const generator = new ValueGenerator(inputSchema, seed);
  const value = generator.value(inputSchema, 0, 0, 'object');
  return isPlainObject(value) ? value : {};
}

class ValueGenerator {
  private readonly view: SchemaView;

  constructor(
    root: unknown,
    private readonly seed: number,
  ) {
    this.view = new SchemaView(root);
  }

  /**
   * A value valid against `schema`. `variant` makes sibling values differ (for uniqueItems);
   * `preferType` steers the choice when the schema allows several types.
   */
  value(schema: unknown, variant: number, depth: number, preferType?: string): unknown {
    let s = this.view.resolve(schema);
    if (s === false) return undefined;
    if (s === true) s = {};
    if (depth > MAX_DEPTH) return null;
    const branch = this.branch(s);
    if (branch !== s) return this.value(branch, variant, depth, preferType);
    if ('const' in s) return s.const;
    if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[(Math.abs(this.seed) + variant) % s.enum.length];
    const types = inferredTypes(s);
    const type = chooseType(types, preferType);
    switch (type) {
      case 'object':
        return this.object(s, variant, depth);
      case 'array':
        return this.array(s, variant, depth);
      case 'integer':
        return numberFor(s, true, variant);
      case 'number':
        return numberFor(s, false, variant);
      case 'boolean':
        return variant % 2 === 0;
      case 'null':
        return null;
      default:
        return stringFor(s, variant);
    }
  }

  /** For anyOf / oneOf: the first alternative that can be satisfied, merged with its siblings. */
  private branch(s: SchemaObject): SchemaObject {
    for (const key of ['anyOf', 'oneOf'] as const) {
      const list = s[key];
      if (!Array.isArray(list) || list.length === 0) continue;
      const { [key]: _omit, ...rest } = s;
      // Prefer a non-null alternative: `anyOf: [{type: null}, {...}]` usually means "optional".
      const candidates = list
        .map((alt) => this.view.resolve(alt))
        .filter((alt): alt is SchemaObject | true => alt !== false)
        .sort((a, b) => Number(isNullOnly(a)) - Number(isNullOnly(b)));
      const chosen = candidates[0];
      if (chosen === undefined) return rest;
      return chosen === true ? rest : { ...rest, ...chosen, ...mergeTypes(rest, chosen) };
    }
    return s;
  }

  object(s: SchemaObject, variant: number, depth: number): Record<string, unknown> {
    const properties = isPlainObject(s.properties) ? s.properties : {};
    const wanted = new Set<string>(Array.isArray(s.required) ? s.required.map(String) : []);
    // dependentRequired (and draft-07 array-form dependencies) pull in more members.
    const dependents = { ...(isPlainObject(s.dependencies) ? s.dependencies : {}), ...(isPlainObject(s.dependentRequired) ? s.dependentRequired : {}) };
    let grew = true;
    while (grew) {
      grew = false;
      for (const name of [...wanted]) {
        const more = dependents[name];
        if (!Array.isArray(more)) continue;
        for (const m of more.map(String)) {
          if (wanted.has(m)) continue;
          wanted.add(m);
          grew = true;
        }
      }
    }
    const minProperties = typeof s.minProperties === 'number' ? s.minProperties : 0;
    for (const name of Object.keys(properties)) {
      if (wanted.size >= minProperties) break;
      if (properties[name] !== false) wanted.add(name);
    }
    for (let i = 0; wanted.size < minProperties && i < minProperties + 10; i++) wanted.add(`mcp_conform_${i}`);
    const out: Record<string, unknown> = {};
    for (const name of wanted) {
      const value = this.value(this.memberSchema(s, properties, name), variant, depth + 1);
      if (value !== undefined) out[name] = value;
    }
    return out;
  }

  private memberSchema(s: SchemaObject, properties: Record<string, unknown>, name: string): unknown {
    if (Object.hasOwn(properties, name)) return properties[name];
    if (isPlainObject(s.patternProperties)) {
      for (const [pattern, schema] of Object.entries(s.patternProperties)) if (compileRegex(pattern)?.test(name)) return schema;
    }
    return s.additionalProperties ?? true;
  }

  array(s: SchemaObject, variant: number, depth: number): unknown[] {
    const tuple = Array.isArray(s.prefixItems) ? s.prefixItems : Array.isArray(s.items) ? s.items : [];
    const itemSchema = Array.isArray(s.items) ? (s.additionalItems ?? true) : (s.items ?? true);
    const minItems = typeof s.minItems === 'number' ? s.minItems : 0;
    const minContains = s.contains !== undefined ? (typeof s.minContains === 'number' ? s.minContains : 1) : 0;
    const out: unknown[] = [];
    for (let i = 0; i < tuple.length && i < Math.max(minItems, tuple.length); i++) out.push(this.value(tuple[i], variant + i, depth + 1));
    for (let i = 0; i < minContains; i++) out.push(this.value(s.contains, variant + out.length, depth + 1));
    for (let i = out.length; i < minItems; i++) {
      let item = this.value(itemSchema, variant + i, depth + 1);
      // uniqueItems: try further variants before accepting a repeat.
      for (let extra = 1; s.uniqueItems === true && out.some((o) => jsonEqual(o, item)) && extra < 50; extra++) {
        item = this.value(itemSchema, variant + i + extra * 7, depth + 1);
      }
      out.push(item);
    }
    const maxItems = typeof s.maxItems === 'number' ? s.maxItems : Infinity;
    return out.slice(0, Math.max(maxItems, 0));
  }
}

function isNullOnly(s: SchemaObject | true): boolean {
  return s !== true && (s.type === 'null' || (Array.isArray(s.type) && s.type.length === 1 && s.type[0] === 'null'));
}

function mergeTypes(a: SchemaObject, b: SchemaObject): SchemaObject {
  return a.type !== undefined && b.type === undefined ? { type: a.type } : {};
}

function chooseType(types: string[], prefer?: string): string {
  if (types.length === 0) return prefer ?? 'string';
  if (prefer && types.includes(prefer)) return prefer;
  // A nullable type is "optional" in practice; prefer the real type.
  return types.find((t) => t !== 'null') ?? types[0]!;
}

/** A string honouring const-free keywords: format, pattern, minLength and maxLength. */
function stringFor(s: SchemaObject, variant: number): string {
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  const max = typeof s.maxLength === 'number' ? s.maxLength : Infinity;
  const pattern = typeof s.pattern === 'string' ? compileRegex(s.pattern) : undefined;
  const format = typeof s.format === 'string' ? FORMAT_SAMPLES[s.format] : undefined;
  const base = variant === 0 ? TYPICAL_STRING : `${TYPICAL_STRING}-${variant}`;
  const candidates: string[] = [];
  if (format) candidates.push(format(variant));
  candidates.push(base);
  if (typeof s.pattern === 'string') {
    const sample = sampleRegex(s.pattern, variant);
    if (sample !== undefined) candidates.push(sample, sample + String(variant || ''));
  }
  candidates.push('mcpconform', 'a', '0');
  const fits = (text: string) => {
    const n = [...text].length;
    return n >= min && n <= max && (!pattern || pattern.test(text));
  };
  for (const candidate of candidates) {
    if (fits(candidate)) return candidate;
    const sized = fitLength(candidate, min, max, variant);
    if (fits(sized)) return sized;
  }
  // Nothing simple satisfies the pattern: the best effort keeps the length right.
  return fitLength(candidates[0]!, min, max, variant);
}

function fitLength(text: string, min: number, max: number, variant: number): string {
  let chars = [...text];
  if (chars.length > max) chars = [...(variant ? String(variant) : ''), ...chars].slice(0, max);
  while (chars.length < min) chars.push('x');
  return chars.join('');
}

/** A number within the bounds; 1 (plus the variant) when the bounds allow it. */
function numberFor(s: SchemaObject, integer: boolean, variant: number): number {
  let lo = -Infinity;
  let hi = Infinity;
  let loOpen = false;
  let hiOpen = false;
  if (typeof s.minimum === 'number') lo = s.minimum;
  if (typeof s.maximum === 'number') hi = s.maximum;
  // draft-07+: numeric exclusive bounds; draft-04: booleans that make minimum/maximum exclusive.
  if (typeof s.exclusiveMinimum === 'number' && s.exclusiveMinimum >= lo) [lo, loOpen] = [s.exclusiveMinimum, true];
  if (s.exclusiveMinimum === true) loOpen = true;
  if (typeof s.exclusiveMaximum === 'number' && s.exclusiveMaximum <= hi) [hi, hiOpen] = [s.exclusiveMaximum, true];
  if (s.exclusiveMaximum === true) hiOpen = true;
  const step = typeof s.multipleOf === 'number' && s.multipleOf > 0 ? s.multipleOf : undefined;
  const ok = (x: number) =>
    Number.isFinite(x) &&
    (loOpen ? x > lo : x >= lo) &&
    (hiOpen ? x < hi : x <= hi) &&
    (!integer || Number.isInteger(x)) &&
    (step === undefined || isMultiple(x, step));
  const seeds = [1 + variant];
  // Nearest to the typical value: the bound itself when it is inclusive, one step inside when not.
  if (Number.isFinite(lo)) seeds.push((loOpen ? (integer ? Math.floor(lo) + 1 : lo + 1) : integer ? Math.ceil(lo) : lo) + variant);
  if (Number.isFinite(hi)) seeds.push((hiOpen ? (integer ? Math.ceil(hi) - 1 : hi - 1) : integer ? Math.floor(hi) : hi) - variant);
  if (Number.isFinite(lo) && Number.isFinite(hi)) seeds.push((lo + hi) / 2, integer ? Math.floor((lo + hi) / 2) : (lo + hi) / 2);
  seeds.push(variant, 0);
  for (const x of seeds) {
    const candidates = step === undefined ? [x] : [Math.ceil(x / step) * step, Math.floor(x / step) * step, Math.round(x / step) * step];
    for (const c of candidates) if (ok(c)) return normalise(c);
  }
  return Number.isFinite(lo) ? lo : Number.isFinite(hi) ? hi : 1;
}

function isMultiple(x: number, step: number): boolean {
  const q = x / step;
  return Math.abs(q - Math.round(q)) < 1e-9;
}

function normalise(x: number): number {
  return Object.is(x, -0) ? 0 : x;
}
