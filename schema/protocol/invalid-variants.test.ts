// The variant generator used by the fixture tests (and later the fuzzer) breaks values only in ways
// the schema certainly rejects, and leaves alone what it cannot be sure of.
import { describe, expect, it } from 'vitest';
import { invalidVariants } from './invalid-variants.js';
import { type SchemaObject, anyOf, constant, int, object, oneOfStrings, ref, str, union, uri } from './schema-dsl.js';

const defs: Record<string, SchemaObject> = {
  Text: object({ type: constant('text'), text: str() }, ['type', 'text']),
  Image: object({ type: constant('image'), data: str() }, ['type', 'data']),
  Thing: object(
    {
      name: str(),
      count: int({ minimum: 0 }),
      kind: oneOfStrings(['a', 'b']),
      link: uri(),
      block: union('type', { text: 'Text', image: 'Image' }),
      either: anyOf(str(), int()),
    },
    ['name'],
  ),
};
const resolve = (r: string) => defs[r.replace('#/$defs/', '')];
const describeAll = (value: unknown, frozen?: string[]) =>
  invalidVariants(ref('Thing'), value, { resolve, ...(frozen ? { frozen } : {}) }).map((v) => v.description);

describe('invalidVariants', () => {
  const value = { name: 'x', count: 2, kind: 'a', link: 'https://example.com', block: { type: 'text', text: 'hi' }, either: 'q' };

  it('drops required members, breaks types, enums, formats, bounds and the selected union branch', () => {
    expect(describeAll(value)).toEqual([
      'drop /name',
      'type /name = 12345',
      'type /count = "wrong-type"',
      'minimum /count = -1',
      'enum /kind = "not-an-allowed-value"',
      'type /link = 12345',
      'format /link = "not a uri"',
      'type /block = "wrong-type"',
      'drop /block/type',
      'drop /block/text',
      'const /block/type = "not-text"',
      'type /block/text = 12345',
      'enum /block/type = "not-an-allowed-value"',
    ]);
  });

  it('leaves members of a plain anyOf alone and skips frozen pointers', () => {
    const described = describeAll(value, ['/name']);
    expect(described.some((d) => d.includes('/either'))).toBe(false);
    expect(described.some((d) => d.endsWith('/name') || d.includes('/name '))).toBe(false);
  });

  it('does not change the input value', () => {
    const copy = structuredClone(value);
    invalidVariants(ref('Thing'), value, { resolve });
    expect(value).toEqual(copy);
  });
});
