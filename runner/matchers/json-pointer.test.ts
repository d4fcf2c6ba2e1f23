import { describe, expect, it } from 'vitest';
import { appendPointer, getPointer } from './json-pointer.js';
import { getPath, splitPath } from './var-path.js';

// The example document of RFC 6901, section 5.
const doc = { foo: ['bar', 'baz'], '': 0, 'a/b': 1, 'c%d': 2, 'e^f': 3, 'g|h': 4, 'i\\j': 5, 'k"l': 6, ' ': 7, 'm~n': 8 };

describe('getPointer (RFC 6901)', () => {
  it('resolves every pointer of the RFC example', () => {
    const cases: [string, unknown][] = [
      ['', doc],
      ['/foo', ['bar', 'baz']],
      ['/foo/0', 'bar'],
      ['/', 0],
      ['/a~1b', 1],
      ['/c%d', 2],
      ['/e^f', 3],
      ['/g|h', 4],
      ['/i\\j', 5],
      ['/k"l', 6],
      ['/ ', 7],
      ['/m~0n', 8],
    ];
    for (const [pointer, value] of cases) expect(getPointer(doc, pointer), pointer).toEqual({ found: true, value });
  });

  it('reports missing members, bad indexes and malformed pointers as not found', () => {
    for (const pointer of ['/nope', '/foo/2', '/foo/-', '/foo/01', '/foo/x', 'foo', '/foo/0/deeper', '/m~2n']) {
      expect(getPointer(doc, pointer).found, pointer).toBe(false);
    }
    expect(getPointer({ a: null }, '/a')).toEqual({ found: true, value: null });
    expect(getPointer({}, '/constructor').found).toBe(false);
  });

  it('appendPointer escapes what getPointer unescapes', () => {
    const pointer = appendPointer(appendPointer('', 'a/b'), 'm~n');
    expect(pointer).toBe('/a~1b/m~0n');
    expect(getPointer({ 'a/b': { 'm~n': 1 } }, pointer)).toEqual({ found: true, value: 1 });
  });
});

describe('getPath', () => {
  const vars = { tool: { name: 'echo', tags: ['a', 'b'] }, profile: { tools: [{ name: 'x' }] }, zero: 0 };

  it('reads dotted paths with both index notations', () => {
    expect(getPath(vars, 'tool.name')).toEqual({ found: true, value: 'echo' });
    expect(getPath(vars, 'profile.tools.0.name')).toEqual({ found: true, value: 'x' });
    expect(getPath(vars, 'profile.tools[0].name')).toEqual({ found: true, value: 'x' });
    expect(getPath(vars, 'tool.tags[1]')).toEqual({ found: true, value: 'b' });
    expect(getPath(vars, 'zero')).toEqual({ found: true, value: 0 });
  });

  it('does not find missing members, out-of-range indexes or prototype members', () => {
    for (const path of ['nope', 'tool.nope', 'tool.tags.5', 'tool.name.length', 'tool.constructor', '__proto__', '', 'a..b']) {
      expect(getPath(vars, path).found, path).toBe(false);
    }
  });

  it('splits paths into segments', () => {
    expect(splitPath('a.b[0][1].c')).toEqual(['a', 'b', '0', '1', 'c']);
    expect(splitPath('a[x]')).toBeUndefined();
  });
});
