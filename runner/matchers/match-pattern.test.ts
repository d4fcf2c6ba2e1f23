import { describe, expect, it } from 'vitest';
import { describePattern } from './describe-pattern.js';
import { matchPattern, type MatchContext, type MatchOutcome } from './match-pattern.js';

const ctx: MatchContext = { vars: { revision: '2025-06-18', tool: { name: 'echo', outputSchema: { type: 'object' } }, list: [1, 2] } };
const m = (pattern: unknown, value: unknown, c: MatchContext = ctx): MatchOutcome => matchPattern(pattern, value, c);
const mismatch = (pattern: unknown, value: unknown, c: MatchContext = ctx) => {
  const outcome = m(pattern, value, c);
  if (outcome.ok) throw new Error(`expected a mismatch of ${JSON.stringify(pattern)} against ${JSON.stringify(value)}`);
  return outcome;
};

describe('structural matching', () => {
  it('matches equal scalars and only equal scalars (no coercion)', () => {
    expect(m(1, 1).ok).toBe(true);
    expect(m('a', 'a').ok).toBe(true);
    expect(m(null, null).ok).toBe(true);
    expect(mismatch(1, '1')).toEqual({ ok: false, pointer: '', expected: '1', actual: '"1" (string)' });
    expect(mismatch(true, 1).actual).toBe('1 (number)');
    expect(mismatch(null, undefined).actual).toBe('absent');
  });

  it('matches objects partially and reports the pointer of the first differing member', () => {
    expect(m({ a: 1 }, { a: 1, b: 2 }).ok).toBe(true);
    expect(m({}, { anything: true }).ok).toBe(true);
    expect(mismatch({ a: { b: 1 } }, { a: { b: 2 } })).toEqual({ ok: false, pointer: '/a/b', expected: '1', actual: '2 (number)' });
    expect(mismatch({ a: 1 }, {})).toMatchObject({ pointer: '/a', actual: 'absent' });
    expect(mismatch({ a: 1 }, [1])).toMatchObject({ pointer: '', actual: '[1]' });
  });

  it('escapes ~ and / in pointers (RFC 6901)', () => {
    expect(mismatch({ 'a/b': { 'c~d': 1 } }, { 'a/b': { 'c~d': 2 } }).pointer).toBe('/a~1b/c~0d');
  });

  it('matches arrays element by element with equal length', () => {
    expect(m([1, { a: 2 }], [1, { a: 2, b: 3 }]).ok).toBe(true);
    expect(mismatch([1, 2], [1, 2, 3])).toMatchObject({ pointer: '', expected: 'an array of 2 elements', actual: 'an array of 3 elements' });
    expect(mismatch([1, { a: 2 }], [1, { a: 3 }]).pointer).toBe('/1/a');
    expect(mismatch([1], 'x').actual).toBe('"x" (string)');
  });

  it('checks operators and members of a mixed object together', () => {
    expect(m({ $type: 'object', a: 1 }, { a: 1 }).ok).toBe(true);
    expect(mismatch({ $minProperties: 2, a: 1 }, { a: 1 }).expected).toContain('at least 2 members');
  });
});

describe('operators', () => {
  it('$type: single, list, integer vs number, object vs array vs null', () => {
    expect(m({ $type: 'string' }, 'x').ok).toBe(true);
    expect(m({ $type: ['string', 'null'] }, null).ok).toBe(true);
    expect(m({ $type: 'integer' }, 3).ok).toBe(true);
    expect(m({ $type: 'number' }, 3).ok).toBe(true);
    expect(mismatch({ $type: 'integer' }, 3.5)).toMatchObject({ expected: 'an integer', actual: '3.5 (number)' });
    expect(mismatch({ $type: 'object' }, [])).toMatchObject({ expected: 'an object', actual: '[]' });
    expect(mismatch({ $type: 'object' }, null).actual).toBe('null');
    expect(mismatch({ $type: 'array' }, undefined).actual).toBe('absent');
  });

  it('$regex: strings only, unicode mode, invalid expressions reported', () => {
    expect(m({ $regex: '^v\\d' }, 'v1').ok).toBe(true);
    expect(m({ $regex: 'héllo ✓ 😀' }, 'say héllo ✓ 😀').ok).toBe(true);
    expect(mismatch({ $regex: '^v\\d' }, 'x1')).toMatchObject({ expected: 'a string matching /^v\\d/', actual: '"x1"' });
    expect(mismatch({ $regex: 'a' }, 1).actual).toBe('1 (number)');
    expect(mismatch({ $regex: '(' }, 'a').actual).toContain('not a valid regular expression');
  });

  it('$oneOf: any alternative', () => {
    expect(m({ $oneOf: [{ code: -32602 }, { code: -32601 }] }, { code: -32601 }).ok).toBe(true);
    expect(mismatch({ $oneOf: [1, 2] }, 3).expected).toBe('one of (1 | 2)');
  });

  it('$any: present (null included) / $absent: missing', () => {
    expect(m({ a: { $any: true } }, { a: null }).ok).toBe(true);
    expect(mismatch({ a: { $any: true } }, {})).toMatchObject({ pointer: '/a', expected: 'any value', actual: 'absent' });
    expect(m({ a: { $absent: true } }, {}).ok).toBe(true);
    expect(mismatch({ a: { $absent: true } }, { a: 0 })).toMatchObject({ pointer: '/a', expected: 'absent', actual: '0 (number)' });
  });

  it('$eq / $ne: deep equality taken literally, with the first difference located', () => {
    expect(m({ $eq: {} }, {}).ok).toBe(true);
    expect(mismatch({ $eq: {} }, { _meta: {} })).toMatchObject({ pointer: '/_meta', expected: 'absent' });
    expect(m({ $eq: { $type: 'x' } }, { $type: 'x' }).ok).toBe(true);
    expect(mismatch({ $eq: [1, 2] }, [1, 3])).toMatchObject({ pointer: '/1', expected: '2' });
    expect(mismatch({ $eq: 1 }, undefined).actual).toBe('absent');
    expect(m({ $ne: '2099-01-01' }, '2025-06-18').ok).toBe(true);
    expect(m({ $ne: 1 }, undefined).ok).toBe(true);
    expect(mismatch({ $ne: '2099-01-01' }, '2099-01-01').expected).toBe('not "2099-01-01"');
  });

  it('$in: deep-equals one of the values', () => {
    expect(m({ $in: [1, { a: 1 }] }, { a: 1 }).ok).toBe(true);
    expect(mismatch({ $in: [1, 2] }, 3).expected).toBe('one of 1, 2');
    expect(mismatch({ $in: [1] }, undefined).actual).toBe('absent');
  });

  it('$not: inverts a pattern', () => {
    expect(m({ $not: { destructiveHint: true } }, { destructiveHint: false }).ok).toBe(true);
    expect(m({ $not: { destructiveHint: true } }, {}).ok).toBe(true);
    expect(mismatch({ $not: { $type: 'string' } }, 'x').expected).toBe('not (a string)');
  });

  it('$schema: uses the protocol validator; absent validator, errors and throws are mismatches', () => {
    const seen: string[] = [];
    const withValidator: MatchContext = {
      vars: {},
      validateType: (name, value) => {
        seen.push(name);
        if (name === 'Boom') throw new Error('no such type');
        return typeof value === 'object' ? [] : ['(root) must be object'];
      },
    };
    expect(m({ $schema: 'ListToolsResult' }, { tools: [] }, withValidator).ok).toBe(true);
    expect(seen).toEqual(['ListToolsResult']);
    expect(mismatch({ $schema: 'ListToolsResult' }, 'x', withValidator)).toMatchObject({
      expected: 'a valid ListToolsResult',
      actual: '(root) must be object',
    });
    expect(mismatch({ $schema: 'Boom' }, {}, withValidator).actual).toContain('no such type');
    expect(mismatch({ $schema: 'X' }, {}, { vars: {} }).actual).toContain('no protocol schema validator');
    expect(mismatch({ $schema: 'X' }, undefined, withValidator).actual).toBe('absent');
  });

  it('$validAgainst: evaluates its operand and uses the schema validator', () => {
    const schemas: unknown[] = [];
    const c: MatchContext = {
      vars: ctx.vars,
      validateSchema: (schema, value) => {
        schemas.push(schema);
        return typeof value === 'object' ? [] : ['/ must be object', '/x bad', '/y bad', '/z bad'];
      },
    };
    expect(m({ $validAgainst: { $var: 'tool.outputSchema' } }, { a: 1 }, c).ok).toBe(true);
    expect(schemas).toEqual([{ type: 'object' }]);
    const bad = mismatch({ $validAgainst: { $var: 'tool.outputSchema' } }, 3, c);
    expect(bad.expected).toBe('valid against the schema in `tool.outputSchema`');
    expect(bad.actual).toBe('/ must be object; /x bad; /y bad; and 1 more');
    expect(mismatch({ $validAgainst: { $var: 'nothing' } }, {}, c).actual).toContain('yielded nothing');
  });

  it('$each / $contains: arrays only, pointer at the failing element', () => {
    expect(m({ $each: { $type: 'string' } }, ['a', 'b']).ok).toBe(true);
    expect(m({ $each: { $type: 'string' } }, []).ok).toBe(true);
    expect(mismatch({ $each: { name: { $minLength: 1 } } }, [{ name: 'a' }, { name: '' }]).pointer).toBe('/1/name');
    expect(mismatch({ $each: 1 }, {}).actual).toBe('{}');
    expect(m({ $contains: { type: 'text' } }, [{ type: 'image' }, { type: 'text', text: 'x' }]).ok).toBe(true);
    expect(mismatch({ $contains: { type: 'text' } }, [])).toMatchObject({ expected: 'an array containing { type: "text" }', actual: 'an empty array' });
    expect(mismatch({ $contains: 1 }, [2, 3]).actual).toContain('none of 2 elements');
    expect(mismatch({ $contains: 1 }, 'x').pointer).toBe('');
  });

  it('$length / $minLength / $maxLength: strings (code points) and arrays', () => {
    expect(m({ $length: 2 }, [1, 2]).ok).toBe(true);
    expect(m({ $length: 1 }, '😀').ok).toBe(true);
    expect(m({ $minLength: 1, $maxLength: 3 }, 'abc').ok).toBe(true);
    expect(mismatch({ $maxLength: 3 }, 'abcd')).toMatchObject({ expected: 'length ≤ 3', actual: 'length 4: "abcd"' });
    expect(mismatch({ $minLength: 1 }, []).expected).toBe('length ≥ 1');
    expect(mismatch({ $length: 1 }, 5).expected).toBe('a string or array of length 1');
  });

  it('$gt / $gte / $lt / $lte: numbers only', () => {
    expect(m({ $gt: 1, $lt: 3 }, 2).ok).toBe(true);
    expect(m({ $gte: 2, $lte: 2 }, 2).ok).toBe(true);
    expect(mismatch({ $gt: 2 }, 2).expected).toBe('> 2');
    expect(mismatch({ $gte: 3 }, 2).expected).toBe('≥ 3');
    expect(mismatch({ $lt: 2 }, 2).expected).toBe('< 2');
    expect(mismatch({ $lte: 1 }, 2).expected).toBe('≤ 1');
    expect(mismatch({ $gt: 0 }, '1').expected).toBe('a number > 0');
  });

  it('$unique: whole elements or a member, pointing at the second occurrence', () => {
    expect(m({ $unique: true }, [1, 2, { a: 1 }, { a: 2 }]).ok).toBe(true);
    expect(
      mismatch({ $unique: true }, [
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ]),
    ).toMatchObject({ pointer: '/1', actual: '{"b":2,"a":1} at both /0 and /1' });
    expect(m({ $unique: 'name' }, [{ name: 'a' }, { name: 'b' }, {}, {}]).ok).toBe(true);
    expect(mismatch({ $unique: 'name' }, [{ name: 'a' }, { name: 'b' }, { name: 'a' }])).toMatchObject({
      pointer: '/2/name',
      expected: 'elements with distinct `name`',
    });
    expect(mismatch({ $unique: true }, 'x').actual).toBe('"x" (string)');
  });

  it('$minProperties: objects only', () => {
    expect(m({ $minProperties: 1 }, { a: 1 }).ok).toBe(true);
    expect(mismatch({ $minProperties: 1 }, {})).toMatchObject({ expected: 'an object with at least 1 member', actual: 'an object with 0 members' });
    expect(mismatch({ $minProperties: 0 }, []).actual).toBe('[]');
  });

  it('$var: deep-equals a variable, with dotted paths and the first difference', () => {
    expect(m({ protocolVersion: { $var: 'revision' } }, { protocolVersion: '2025-06-18' }).ok).toBe(true);
    expect(m({ $var: 'list' }, [1, 2]).ok).toBe(true);
    expect(m({ $var: 'tool.name' }, 'echo').ok).toBe(true);
    expect(mismatch({ $var: 'list' }, [1, 3])).toMatchObject({ pointer: '/1', expected: '2 (from `list`)' });
    expect(mismatch({ $var: 'unset' }, 1).actual).toContain('`unset` is not set');
    expect(mismatch({ $var: 'revision' }, undefined).actual).toBe('absent');
  });

  it('reports unknown operators as mismatches naming the operator, with a suggestion', () => {
    const out = mismatch({ $regx: 'a' }, 'a');
    expect(out.expected).toBe('a known pattern operator');
    expect(out.actual).toBe('`$regx` is not a pattern operator (did you mean `$regex`?)');
  });
});

describe('describePattern', () => {
  it('describes scalars, members, operators and combinations compactly', () => {
    expect(describePattern(undefined)).toBe('anything');
    expect(describePattern(1)).toBe('1');
    expect(describePattern({ tools: { $type: 'array' } })).toBe('{ tools: an array }');
    expect(describePattern({ $any: true, $validAgainst: { $var: 'tool.outputSchema' } })).toBe('any value and valid against the schema in `tool.outputSchema`');
    expect(describePattern({ $type: ['string', 'null'], $minLength: 1 })).toBe('a string or null and length ≥ 1');
    expect(describePattern({ $each: { name: { $regex: '^a' } } })).toBe('an array where every element is { name: a string matching /^a/ }');
    expect(describePattern({ $unique: 'name' })).toBe('elements with distinct `name`');
    expect(describePattern({})).toBe('an object');
    expect(describePattern([1, { a: 2 }])).toBe('[1, { a: 2 }]');
  });

  it('clips very long descriptions', () => {
    const long = describePattern({ $in: Array.from({ length: 200 }, (_, i) => `value-${i}`) });
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('$increasing', () => {
  it('holds for strictly rising numbers, or a strictly rising member of objects', () => {
    expect(m({ $increasing: true }, [1, 2, 3.5]).ok).toBe(true);
    expect(m({ $increasing: true }, []).ok).toBe(true);
    expect(m({ $increasing: 'progress' }, [{ progress: 0 }, { progress: 10 }]).ok).toBe(true);
  });

  it('points at the first value that does not rise, or is not a number', () => {
    expect(mismatch({ $increasing: 'progress' }, [{ progress: 1 }, { progress: 1 }]).pointer).toBe('/1/progress');
    expect(mismatch({ $increasing: true }, [3, 2]).pointer).toBe('/1');
    expect(mismatch({ $increasing: 'progress' }, [{ progress: '1' }]).pointer).toBe('/0/progress');
    expect(mismatch({ $increasing: true }, 'not a list').ok).toBe(false);
  });
});

describe('list operands: $in, $containsAll and $mentions', () => {
  const c: MatchContext = { vars: { accepted: { all: ['2025-06-18', '2025-11-25'], modern: ['2026-07-28'], none: 'x' } } };

  it('takes $in values written out or from a list variable', () => {
    expect(m({ $in: { $var: 'accepted.all' } }, '2025-11-25', c).ok).toBe(true);
    expect(mismatch({ $in: { $var: 'accepted.all' } }, '2024-11-05', c)).toMatchObject({ expected: 'one of "2025-06-18", "2025-11-25"' });
    expect(mismatch({ $in: { $var: 'accepted.missing' } }, '2024-11-05', c).actual).toContain('is not set');
    expect(mismatch({ $in: { $var: 'accepted.none' } }, 'x', c).actual).toContain('not a list');
  });

  it('holds $containsAll only when every value is in the array, and names the missing ones', () => {
    expect(m({ $containsAll: { $var: 'accepted.all' } }, ['2026-07-28', '2025-11-25', '2025-06-18'], c).ok).toBe(true);
    expect(m({ $containsAll: [{ a: 1 }] }, [{ a: 1 }, 2]).ok).toBe(true);
    const out = mismatch({ $containsAll: { $var: 'accepted.all' } }, ['2025-11-25'], c);
    expect(out.actual).toContain('without "2025-06-18"');
    expect(mismatch({ $containsAll: [1] }, 'not an array').actual).toBe('"not an array" (string)');
  });

  it('holds $mentions when the value names each string anywhere in it', () => {
    const error = { code: -32022, message: 'Unsupported', data: { supported: ['2026-07-28'] } };
    expect(m({ $mentions: { $var: 'accepted.modern' } }, error, c).ok).toBe(true);
    expect(m({ $mentions: ['2026-07-28'] }, { code: -32600, message: 'speaks 2026-07-28 only' }).ok).toBe(true);
    const out = mismatch({ $mentions: { $var: 'accepted.modern' } }, { code: -32601, message: 'Method not found' }, c);
    expect(out.actual).toContain('does not name 2026-07-28');
    expect(mismatch({ $mentions: ['x'] }, undefined).actual).toBe('absent');
  });
});

describe('$jsonSchema', () => {
  const c: MatchContext = { vars: {}, checkSchema: (schema) => ((schema as { type?: unknown }).type === 'objekt' ? ['type must be a known type'] : []) };

  it('holds when the meta-check finds nothing, and reports its message otherwise', () => {
    expect(m({ $jsonSchema: true }, { type: 'object' }, c).ok).toBe(true);
    expect(mismatch({ $jsonSchema: true }, { type: 'objekt' }, c)).toMatchObject({
      expected: 'a valid JSON Schema of its dialect',
      actual: 'type must be a known type',
    });
    expect(mismatch({ $jsonSchema: true }, undefined, c).actual).toBe('absent');
    expect(mismatch({ $jsonSchema: true }, {}, { vars: {} }).actual).toMatch(/no JSON Schema meta-validator/);
  });
});

describe('$values', () => {
  it('matches the member values of an object as an array, pointing at the member on a mismatch', () => {
    const requests = { q1: { method: 'roots/list' }, q2: { method: 'elicitation/create', params: { mode: 'form' } } };
    expect(m({ $values: { $length: 2 } }, requests).ok).toBe(true);
    const out = mismatch({ $values: { $each: { $not: { method: 'elicitation/create', params: { mode: { $ne: 'url' } } } } } }, requests);
    expect(out.pointer).toBe('/q2');
    expect(mismatch({ $values: { $each: { method: 'roots/list' } } }, requests).pointer).toBe('/q2/method');
    expect(mismatch({ $values: { $length: 0 } }, [1]).expected).toMatch(/an object whose values are/);
  });
});

describe('$keys', () => {
  it('matches the member names of an object as an array, pointing at the member on a mismatch', () => {
    const extensions = { 'io.example/ui': {}, bare: {} };
    expect(m({ $keys: { $contains: 'bare' } }, extensions).ok).toBe(true);
    const out = mismatch({ $keys: { $each: { $regex: '^[a-z.]+/' } } }, extensions);
    expect(out.pointer).toBe('/bare');
    expect(mismatch({ $keys: { $length: 0 } }, 'text').expected).toMatch(/an object whose member names are/);
  });
});
