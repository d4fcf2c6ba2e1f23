import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invalidArgsFor } from './invalid-args.js';
import { sampleRegex } from './regex-sample.js';
import { validArgsFor } from './valid-args.js';

const addFormats = addFormatsModule.default;
const ajv2020 = new Ajv2020({ strict: false, allErrors: true });
const ajv07 = new Ajv({ strict: false, allErrors: true });
addFormats(ajv2020);
addFormats(ajv07);
const valid2020 = (schema: object, value: unknown) => ajv2020.validate(schema, value) as boolean;
const valid07 = (schema: object, value: unknown) => ajv07.validate(schema, value) as boolean;

describe('validArgsFor', () => {
  it('uses typical values: "mcp-conform", 1, true', () => {
    const schema = {
      type: 'object',
      properties: { s: { type: 'string' }, n: { type: 'number' }, i: { type: 'integer' }, b: { type: 'boolean' }, opt: { type: 'string' } },
      required: ['s', 'n', 'i', 'b'],
    };
    expect(validArgsFor(schema, 0)).toEqual({ s: 'mcp-conform', n: 1, i: 1, b: true });
  });

  it('accepts schemas that constrain nothing', () => {
    expect(validArgsFor(undefined, 0)).toEqual({});
    expect(validArgsFor(true, 0)).toEqual({});
    expect(validArgsFor({ type: 'object' }, 0)).toEqual({});
  });

  it('honours bounds, enums, const, lengths, formats and simple patterns', () => {
    const schema = {
      type: 'object',
      properties: {
        small: { type: 'integer', minimum: 5, maximum: 7 },
        open: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
        step: { type: 'integer', minimum: 10, multipleOf: 4 },
        colour: { enum: ['red', 'green'] },
        fixed: { const: 42 },
        short: { type: 'string', maxLength: 3 },
        long: { type: 'string', minLength: 20 },
        when: { type: 'string', format: 'date-time' },
        mail: { type: 'string', format: 'email' },
        code: { type: 'string', pattern: '^[A-Z]{3}-\\d{2}$' },
        list: { type: 'array', items: { type: 'string' }, minItems: 2, uniqueItems: true },
        nested: { type: 'object', properties: { x: { type: 'boolean' } }, required: ['x'] },
      },
      required: ['small', 'open', 'step', 'colour', 'fixed', 'short', 'long', 'when', 'mail', 'code', 'list', 'nested'],
    };
    const args = validArgsFor(schema, 0);
    expect(valid2020(schema, args)).toBe(true);
    expect(args).toMatchObject({ small: 5, open: 0.5, step: 12, colour: 'red', fixed: 42, nested: { x: true } });
    expect(args.code).toMatch(/^[A-Z]{3}-\d{2}$/);
  });

  it('follows local $refs (draft-07 definitions and 2020-12 $defs), allOf and anyOf', () => {
    const schema = {
      type: 'object',
      $defs: { name: { type: 'string', minLength: 2 } },
      definitions: { count: { type: 'integer', minimum: 3 } },
      properties: {
        who: { $ref: '#/$defs/name' },
        n: { $ref: '#/definitions/count' },
        both: { allOf: [{ type: 'integer' }, { minimum: 10 }, { maximum: 12 }] },
        either: { anyOf: [{ type: 'null' }, { type: 'string', enum: ['x'] }] },
      },
      required: ['who', 'n', 'both', 'either'],
    };
    const args = validArgsFor(schema, 0);
    expect(valid2020(schema, args)).toBe(true);
    expect(args).toEqual({ who: 'mcp-conform', n: 3, both: 10, either: 'x' });
  });

  it('is deterministic for a seed and varies enum choices with it', () => {
    const schema = { type: 'object', properties: { c: { enum: ['a', 'b', 'c'] } }, required: ['c'] };
    expect(validArgsFor(schema, 7)).toEqual(validArgsFor(schema, 7));
    expect(validArgsFor(schema, 0).c).toBe('a');
    expect(validArgsFor(schema, 1).c).toBe('b');
  });
});

describe('invalidArgsFor', () => {
  it('gives a required typed property the wrong type', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } }, required: ['a', 'b'] };
    const made = invalidArgsFor(schema, 0)!;
    expect(made.args).toEqual({ a: 12345, b: 1 });
    expect(made.violation).toBe('`a` is a number, but the schema requires string');
    expect(invalidArgsFor(schema, 1)!.args).toEqual({ a: 'mcp-conform', b: 'mcp-conform-wrong-type' });
  });

  it('falls back to an optional typed property, then a missing required one, then an undeclared one', () => {
    expect(invalidArgsFor({ type: 'object', properties: { o: { type: 'boolean' } } }, 0)).toEqual({
      args: { o: 'mcp-conform-wrong-type' },
      violation: '`o` is a string, but the schema requires boolean',
    });
    expect(invalidArgsFor({ type: 'object', properties: { r: {} }, required: ['r'] }, 0)).toEqual({
      args: {},
      violation: 'the required property `r` is missing',
    });
    expect(invalidArgsFor({ type: 'object', additionalProperties: false }, 0)!.args).toEqual({ mcp_conform_unexpected: 'mcp-conform' });
  });

  it('is undefined when the schema accepts any arguments', () => {
    expect(invalidArgsFor({ type: 'object' }, 0)).toBeUndefined();
    expect(invalidArgsFor({}, 0)).toBeUndefined();
    expect(invalidArgsFor(true, 0)).toBeUndefined();
  });
});

describe('sampleRegex', () => {
  it('samples simple expressions and gives up on unsupported syntax', () => {
    for (const source of ['^[a-z]+$', '^v\\d+\\.\\d+$', '^(foo|bar)-[0-9]{2,4}$', '^[^\\s]+@x\\.org$', 'ab?c*d+', '^\\w{3}$']) {
      const sample = sampleRegex(source);
      expect(sample, source).toBeDefined();
      expect(new RegExp(source, 'u').test(sample!), `${source} -> ${sample}`).toBe(true);
    }
    expect(sampleRegex('(?=a)a')).toBeUndefined();
    expect(sampleRegex('(a)\\1')).toBeUndefined();
  });
});

// Property tests: for simple generated schemas, what validArgsFor makes validates (in both dialects)
// and what invalidArgsFor makes does not.
const PATTERNS = ['^[a-z]+$', '^[A-Z][a-z0-9_-]*$', '^\\d{3}-\\d{4}$', '^(alpha|beta|gamma)$', '^v\\d+(\\.\\d+)*$', '[0-9]'];
const FORMATS = ['date-time', 'date', 'email', 'uri', 'uuid', 'ipv4', 'hostname'];

const stringSchema = fc.oneof(
  fc.record({ minLength: fc.integer({ min: 0, max: 8 }), extra: fc.integer({ min: 0, max: 30 }) }).map(({ minLength, extra }) => ({
    type: 'string',
    minLength,
    maxLength: minLength + extra,
  })),
  fc.constantFrom(...PATTERNS).map((pattern) => ({ type: 'string', pattern })),
  fc.constantFrom(...FORMATS).map((format) => ({ type: 'string', format })),
  fc.uniqueArray(fc.string({ minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 4 }).map((values) => ({ type: 'string', enum: values })),
);
const numberSchema = fc
  .record({
    type: fc.constantFrom('integer', 'number'),
    lo: fc.integer({ min: -1000, max: 1000 }),
    width: fc.integer({ min: 0, max: 500 }),
    exclusive: fc.boolean(),
    step: fc.constantFrom(undefined, 1, 2, 5),
  })
  .map(({ type, lo, width, exclusive, step }) => {
    const hi = lo + width + (exclusive ? 2 : 0) + (step ?? 1);
    const s: Record<string, unknown> = { type };
    if (exclusive) Object.assign(s, { exclusiveMinimum: lo, exclusiveMaximum: hi });
    else Object.assign(s, { minimum: lo, maximum: hi });
    if (step !== undefined) s.multipleOf = step;
    return s;
  });
const leafSchema = fc.oneof(
  stringSchema,
  numberSchema,
  fc.constant({ type: 'boolean' }),
  fc.constant({ type: 'null' }),
  fc.constant({ const: 'fixed' }),
  fc.constant({}),
);

const { schema: anySchema } = fc.letrec<{ schema: Record<string, unknown>; object: Record<string, unknown>; array: Record<string, unknown> }>((tie) => ({
  schema: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leafSchema, tie('object'), tie('array')),
  object: fc
    .dictionary(fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,8}$/), tie('schema'), { minKeys: 0, maxKeys: 5 })
    .chain((properties) => fc.subarray(Object.keys(properties)).map((required) => ({ type: 'object', properties, required }))),
  array: fc
    .record({ items: tie('schema'), minItems: fc.integer({ min: 0, max: 3 }), extra: fc.integer({ min: 0, max: 3 }) })
    .map(({ items, minItems, extra }) => ({ type: 'array', items, minItems, maxItems: minItems + extra })),
}));

const rootSchema = fc
  .dictionary(fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,8}$/), anySchema, { minKeys: 1, maxKeys: 6 })
  .chain((properties) => fc.subarray(Object.keys(properties)).map((required) => ({ type: 'object', properties, required })));

describe('argument generation properties', () => {
  it('validArgsFor output validates against the schema (2020-12 and draft-07)', () => {
    fc.assert(
      fc.property(rootSchema, fc.integer({ min: 0, max: 1000 }), (schema, seed) => {
        const args = validArgsFor(schema, seed);
        expect(valid2020(schema, args), JSON.stringify({ args, errors: ajv2020.errors })).toBe(true);
        expect(valid07(schema, args), JSON.stringify({ args, errors: ajv07.errors })).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('validArgsFor is deterministic for a given seed', () => {
    fc.assert(
      fc.property(rootSchema, fc.integer(), (schema, seed) => {
        expect(validArgsFor(schema, seed)).toEqual(validArgsFor(schema, seed));
      }),
      { numRuns: 100 },
    );
  });

  it('invalidArgsFor output fails validation whenever a property is typed', () => {
    fc.assert(
      fc.property(rootSchema, fc.integer({ min: 0, max: 1000 }), (schema, seed) => {
        const typed = Object.values(schema.properties as Record<string, Record<string, unknown>>).some((p) => p.type !== undefined);
        const made = invalidArgsFor(schema, seed);
        if (!typed && (schema.required as string[]).length === 0) return;
        expect(made, JSON.stringify(schema)).toBeDefined();
        expect(valid2020(schema, made!.args), JSON.stringify({ made })).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
