import { describe, expect, it } from 'vitest';
import { badMetaKeys, isValidMetaKey } from './meta-key-names.js';

describe('_meta key names', () => {
  it('accepts prefixed and plain names as basic/index defines them', () => {
    for (const key of ['io.modelcontextprotocol/serverInfo', 'progressToken', 'example.com/x_y.z-1', 'a/', '', 'traceparent', 'x']) {
      expect(isValidMetaKey(key), key).toBe(true);
    }
  });

  it('refuses bad labels, bad names and stray characters', () => {
    for (const key of ['-bad/x', 'bad-/x', '1abc/x', 'a..b/x', 'name-', '_name', 'has space', 'a/b/c', 'a/-x']) {
      expect(isValidMetaKey(key), key).toBe(false);
    }
  });

  it('walks a message and skips values the server only carries', () => {
    const message = {
      jsonrpc: '2.0',
      id: 1,
      result: {
        _meta: { 'io.modelcontextprotocol/serverInfo': {}, 'bad key': 1 },
        content: [{ type: 'text', text: 'x', _meta: { '-x': 1 } }],
        structuredContent: { _meta: { 'anything goes here': 1 } },
      },
    };
    expect(badMetaKeys(message)).toEqual([
      { pointer: '/result/_meta', key: 'bad key' },
      { pointer: '/result/content/0/_meta', key: '-x' },
    ]);
  });
});
