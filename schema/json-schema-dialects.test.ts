// Validation against schemas the target supplies: the dialect follows `$schema`, else the revision
// (2020-12 from 2025-11-25, draft-07 before); broken schemas are reported, never thrown.
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { defaultDialect, isValidSchema, schemaProblems, validateWithSchema } from './json-schema-dialects.js';

const tuple = { type: 'array', items: [{ type: 'string' }, { type: 'integer' }] };
const weather = {
  type: 'object',
  properties: { city: { type: 'string', minLength: 1 }, days: { type: 'integer', minimum: 1 }, email: { type: 'string', format: 'email' } },
  required: ['city'],
};

describe('defaultDialect', () => {
  it('is draft-07 before 2025-11-25 and 2020-12 from then on', () => {
    expect(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'].map((r) => defaultDialect(r as never))).toEqual([
      'draft-07',
      'draft-07',
      'draft-07',
      '2020-12',
      '2020-12',
    ]);
  });
});

describe('validateWithSchema', () => {
  it('returns [] for a valid value and pointed violations otherwise', () => {
    expect(validateWithSchema(weather, { city: 'Paris', days: 3 }, '2025-06-18')).toEqual([]);
    expect(validateWithSchema(weather, { days: 0, email: 'nope' }, '2026-07-28')).toEqual([
      expect.objectContaining({ pointer: '', keyword: 'required', message: "must have required property 'city'" }),
      expect.objectContaining({ pointer: '/days', keyword: 'minimum', value: 0 }),
      expect.objectContaining({ pointer: '/email', keyword: 'format', value: 'nope' }),
    ]);
  });

  it('reads a schema without $schema as draft-07 before 2025-11-25 and as 2020-12 after', () => {
    // Tuple `items` is draft-07; in 2020-12 `items` must be a schema (tuples use prefixItems).
    expect(validateWithSchema(tuple, ['a', 1], '2025-06-18')).toEqual([]);
    expect(validateWithSchema(tuple, ['a', 'b'], '2025-06-18')[0]).toMatchObject({ pointer: '/1', keyword: 'type' });
    expect(validateWithSchema(tuple, ['a', 1], '2025-11-25')).toEqual([
      expect.objectContaining({
        pointer: '',
        keyword: 'schema',
        schemaPath: '#',
        message: expect.stringMatching(/^the schema cannot be used: not a valid 2020-12 JSON Schema/),
      }),
    ]);
    const prefix = { type: 'array', prefixItems: [{ type: 'string' }], items: false };
    expect(validateWithSchema(prefix, ['a', 'b'], '2026-07-28')[0]).toMatchObject({ pointer: '', keyword: 'items' });
  });

  it('honours an explicit $schema whatever the revision', () => {
    const draft7 = { $schema: 'http://json-schema.org/draft-07/schema#', ...tuple };
    expect(validateWithSchema(draft7, ['a', 1], '2026-07-28')).toEqual([]);
    const modern = { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'array', prefixItems: [{ type: 'string' }] };
    expect(validateWithSchema(modern, [1], '2024-11-05')[0]).toMatchObject({ pointer: '/0', keyword: 'type' });
    const y2019 = { $schema: 'https://json-schema.org/draft/2019-09/schema', type: 'object', dependentRequired: { a: ['b'] } };
    expect(validateWithSchema(y2019, { a: 1 }, '2025-06-18')[0]).toMatchObject({ keyword: 'dependentRequired' });
  });

  it('reports unusable schemas as one `schema` violation instead of throwing', () => {
    expect(validateWithSchema({ type: 'nope' }, 1, '2025-06-18')).toEqual([expect.objectContaining({ keyword: 'schema', pointer: '' })]);
    expect(validateWithSchema({ $schema: 'http://json-schema.org/draft-04/schema#' }, 1, '2026-07-28')[0]!.message).toMatch(
      /draft-04.*supported: draft-07, 2019-09 and 2020-12/,
    );
    expect(validateWithSchema('object', {}, '2026-07-28')[0]!.message).toMatch(/object or a boolean, not string/);
  });

  it('treats vendor keywords and unknown formats as annotations', () => {
    const schema = { type: 'object', properties: { region: { type: 'string', format: 'x-region', 'x-mcp-header': 'Region' } } };
    expect(validateWithSchema(schema, { region: 'eu' }, '2026-07-28')).toEqual([]);
  });

  it('lets two different schemas share an $id', () => {
    expect(validateWithSchema({ $id: 'urn:example:a', type: 'string' }, 'x', '2026-07-28')).toEqual([]);
    expect(validateWithSchema({ $id: 'urn:example:a', type: 'number' }, 'x', '2026-07-28')[0]).toMatchObject({ keyword: 'type' });
  });

  it('accepts boolean schemas', () => {
    expect(validateWithSchema(true, { any: 1 }, '2025-06-18')).toEqual([]);
    expect(validateWithSchema(false, 1, '2026-07-28')[0]).toMatchObject({ keyword: 'false schema' });
  });
});

describe('isValidSchema', () => {
  it('says whether a schema is usable, with the reason when not', () => {
    expect(isValidSchema(weather, '2026-07-28')).toEqual({ ok: true });
    expect(isValidSchema(tuple, '2025-06-18')).toEqual({ ok: true });
    const broken = isValidSchema(tuple, '2026-07-28');
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.message).toMatch(/items must be object,boolean$/);
    expect(isValidSchema([], '2024-11-05')).toEqual({ ok: false, message: 'a JSON Schema must be an object or a boolean, not an array' });
  });
});

describe('schemaProblems', () => {
  it('names what makes a schema invalid in its dialect, and leaves unknown dialects unjudged', () => {
    expect(schemaProblems({ type: 'object' }, '2025-11-25')).toEqual([]);
    expect(schemaProblems({ type: 'object', properties: { n: { type: 'number', minimum: 'zero' } } }, '2025-11-25')[0]).toMatch(/minimum must be number/);
    expect(schemaProblems({ $schema: 'https://example.com/my-dialect', type: 'objekt' }, '2025-11-25')).toEqual([]);
  });
});

describe('validateWithSchema with nested $ids', () => {
  it('compiles two different schemas that reuse a nested $id', () => {
    const a = { type: 'object', properties: { p: { $id: 'urn:example:nested', type: 'string' } } };
    const b = { type: 'object', properties: { p: { $id: 'urn:example:nested', type: 'number' } } };
    expect(validateWithSchema(a, { p: 'x' }, '2026-07-28')).toEqual([]);
    expect(validateWithSchema(b, { p: 1 }, '2026-07-28')).toEqual([]);
    expect(validateWithSchema(b, { p: 'x' }, '2026-07-28')[0]).toMatchObject({ pointer: '/p', keyword: 'type' });
  });
});

describe('network $ref (2026-07-28 basic, "$ref Resolution")', () => {
  it('is never fetched: the schema is reported unusable and the origin sees no request', async () => {
    let requests = 0;
    const server = createServer((_req, res) => {
      requests++;
      res.end('{"type":"string"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const schema = { type: 'object', properties: { city: { $ref: `http://127.0.0.1:${port}/city.json` } } };
    try {
      expect(validateWithSchema(schema, { city: 1 }, '2026-07-28')).toEqual([expect.objectContaining({ keyword: 'schema' })]);
      expect(isValidSchema(schema, '2026-07-28').ok).toBe(false);
      // Unusable here, but not shown to be invalid: left unjudged.
      expect(schemaProblems(schema, '2026-07-28')).toEqual([]);
      expect(schemaProblems({ type: 'object', properties: { city: { $ref: '#/$defs/none' } } }, '2026-07-28')).not.toEqual([]);
      // A round trip on the same origin: a fetch the validator had started would have arrived first.
      await fetch(`http://127.0.0.1:${port}/probe`);
      expect(requests).toBe(1);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
