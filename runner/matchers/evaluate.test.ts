import { describe, expect, it } from 'vitest';
import { matchPattern } from './match-pattern.js';
import { evaluate, ExpressionError } from './evaluate.js';

const tool = { name: 'add', inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] } };
const ctx = { vars: { tool, revision: '2025-06-18', n: 3, obj: { k: [1, 2] }, open: { name: 'open', inputSchema: { type: 'object' } } }, seed: 0 };

describe('evaluate', () => {
  it('returns scalars and plain structures unchanged', () => {
    expect(evaluate(1, ctx)).toBe(1);
    expect(evaluate(null, ctx)).toBeNull();
    expect(evaluate({ a: [1, 'x', { b: true }] }, ctx)).toEqual({ a: [1, 'x', { b: true }] });
  });

  it('$var reads dotted paths, including array indexes, recursively inside objects and arrays', () => {
    expect(evaluate({ $var: 'tool.name' }, ctx)).toBe('add');
    expect(evaluate({ $var: 'obj.k.1' }, ctx)).toBe(2);
    expect(evaluate({ params: { name: { $var: 'tool.name' }, list: [{ $var: 'n' }] } }, ctx)).toEqual({ params: { name: 'add', list: [3] } });
  });

  it('drops object members whose variable is unset', () => {
    expect(evaluate({ cursor: { $var: 'cursor' }, keep: 1 }, ctx)).toEqual({ keep: 1 });
    expect(evaluate({ $var: 'cursor' }, ctx)).toBeUndefined();
  });

  it('interpolates ${} in strings; a whole-string ${x} keeps the type', () => {
    expect(evaluate('v=${revision}', ctx)).toBe('v=2025-06-18');
    expect(evaluate('${n}', ctx)).toBe(3);
    expect(evaluate('${ obj }', ctx)).toEqual({ k: [1, 2] });
    expect(evaluate('n=${n} k=${obj.k}', ctx)).toBe('n=3 k=[1,2]');
    expect(evaluate('${unset}', ctx)).toBeUndefined();
    expect(() => evaluate('id-${unset}', ctx)).toThrow(ExpressionError);
    expect(() => evaluate('id-${unset}', ctx)).toThrow(/`unset` is not set.*when: \{ defined: unset \}/);
  });

  it('$literal keeps $ keys and ${} as written', () => {
    expect(evaluate({ $literal: { $schema: 'x', t: '${revision}' } }, ctx)).toEqual({ $schema: 'x', t: '${revision}' });
  });

  it('$repeat builds long strings and rejects bad operands', () => {
    expect(evaluate({ $repeat: { text: 'ab', times: 3 } }, ctx)).toBe('ababab');
    expect(evaluate({ $repeat: { text: 'a', times: '${n}' } }, ctx)).toBe('aaa');
    expect(() => evaluate({ $repeat: { text: 'a' } }, ctx)).toThrow(/needs `\{ text/);
    expect(() => evaluate({ $repeat: { text: 'ab', times: 1e9 } }, ctx)).toThrow(/limit/);
  });

  it("$validArgs / $invalidArgs use the tool variable's inputSchema deterministically", () => {
    expect(evaluate({ $validArgs: 'tool' }, ctx)).toEqual({ a: 1, b: 1 });
    expect(evaluate({ $validArgs: 'tool' }, ctx)).toEqual(evaluate({ $validArgs: 'tool' }, ctx));
    const bad = evaluate({ $invalidArgs: 'tool' }, ctx) as Record<string, unknown>;
    expect(typeof bad.a).toBe('string');
    expect(() => evaluate({ $validArgs: 'missing' }, ctx)).toThrow(/`missing` is not set/);
    expect(() => evaluate({ $invalidArgs: 'open' }, ctx)).toThrow(/accepts any arguments/);
  });

  it('treats objects with several keys, or unknown $ keys, as plain data', () => {
    expect(evaluate({ $var: 'n', other: 1 }, ctx)).toEqual({ $var: 'n', other: 1 });
    expect(evaluate({ $ref: '#/x' }, ctx)).toEqual({ $ref: '#/x' });
  });
});

describe('$promptArgs and $inputResponses', () => {
  const prompt = {
    name: 'p',
    arguments: [
      { name: 'topic', required: true },
      { name: 'style', required: false },
    ],
  };
  it('fills every required argument of a prompt, and only those', () => {
    expect(evaluate({ $promptArgs: 'prompt' }, { vars: { prompt }, seed: 0 })).toEqual({ topic: 'mcp-conform' });
    expect(evaluate({ $promptArgs: 'prompt' }, { vars: { prompt: { name: 'bare' } }, seed: 0 })).toEqual({});
    expect(() => evaluate({ $promptArgs: 'missing' }, { vars: {}, seed: 0 })).toThrow(ExpressionError);
  });

  it('answers each input request with the scripted result of its method, leaving unscripted ones out', () => {
    const vars = {
      asked: { a: { method: 'roots/list' }, b: { method: 'sampling/createMessage', params: {} } },
      replies: { 'roots/list': { result: { roots: [] } }, 'elicitation/create': { error: { code: -1 } } },
    };
    expect(evaluate({ $inputResponses: { requests: { $var: 'asked' }, replies: { $var: 'replies' } } }, { vars, seed: 0 })).toEqual({ a: { roots: [] } });
    expect(() => evaluate({ $inputResponses: { requests: { $var: 'none' }, replies: {} } }, { vars, seed: 0 })).toThrow(ExpressionError);
  });
});

describe('$merge', () => {
  it('merges objects shallowly, later members winning, and skips unset variables', () => {
    const vars = { a: { x: 1, y: 2 } };
    expect(evaluate({ $merge: [{ $var: 'a' }, { y: 3, z: 4 }] }, { vars, seed: 0 })).toEqual({ x: 1, y: 3, z: 4 });
    expect(evaluate({ $merge: [{ $var: 'unset' }, { z: 4 }] }, { vars, seed: 0 })).toEqual({ z: 4 });
    expect(() => evaluate({ $merge: [{ x: 1 }, 'text'] }, { vars, seed: 0 })).toThrow(/item 2 is "text", not an object/);
  });
});

describe('$keysOf, $omit and $firstMember', () => {
  const vars = { requests: { a: { method: 'x' }, b: { method: 'y' }, c: { method: 'z' } }, answered: { a: {} } };
  it('lists member names, empty for an unset or non-object value', () => {
    expect(evaluate({ $keysOf: { $var: 'requests' } }, { vars, seed: 0 })).toEqual(['a', 'b', 'c']);
    expect(evaluate({ $keysOf: { $var: 'unset' } }, { vars, seed: 0 })).toEqual([]);
  });
  it('drops the named members, an unset object counting as empty', () => {
    expect(evaluate({ $omit: { from: { $var: 'requests' }, keys: { $keysOf: { $var: 'answered' } } } }, { vars, seed: 0 })).toEqual({
      b: { method: 'y' },
      c: { method: 'z' },
    });
    expect(evaluate({ $omit: { from: { $var: 'unset' }, keys: ['a'] } }, { vars, seed: 0 })).toEqual({});
    expect(() => evaluate({ $omit: { from: 'text', keys: [] } }, { vars, seed: 0 })).toThrow(/needs `\{ from: <object>/);
  });
  it('keeps only the first member, and is unset for an empty object', () => {
    expect(evaluate({ $firstMember: { $var: 'requests' } }, { vars, seed: 0 })).toEqual({ a: { method: 'x' } });
    expect(evaluate({ step: { $firstMember: { $literal: {} } } }, { vars, seed: 0 })).toEqual({});
  });
});

describe('$firstMatch', () => {
  const matches = (pattern: unknown, value: unknown) => matchPattern(pattern, value, { vars: {} }).ok;
  const vars = { a: { status: 404 }, b: { status: 200, json: { x: 1 } }, c: { status: 200, json: { x: 2 } } };
  it('yields the first candidate matching the pattern, skipping unset ones', () => {
    expect(
      evaluate({ $firstMatch: { of: [{ $var: 'unset' }, { $var: 'a' }, { $var: 'b' }, { $var: 'c' }], pattern: { status: 200 } } }, { vars, seed: 0, matches }),
    ).toEqual(vars.b);
  });
  it('is unset when nothing matches, so an object member holding it disappears', () => {
    expect(evaluate({ found: { $firstMatch: { of: [{ $var: 'a' }], pattern: { status: 200 } } } }, { vars, seed: 0, matches })).toEqual({});
    expect(() => evaluate({ $firstMatch: [{ $var: 'a' }] }, { vars, seed: 0, matches })).toThrow(/needs `\{ of:/);
    expect(() => evaluate({ $firstMatch: { of: [1], pattern: 1 } }, { vars, seed: 0 })).toThrow(/Use it in a `set` step/);
  });
});
