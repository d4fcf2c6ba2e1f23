import { describe, expect, it } from 'vitest';
import { printable } from './printable.js';

describe('printable', () => {
  it('leaves ordinary text, quotes and non-ASCII letters alone', () => {
    expect(printable('héllo "wörld" → ← 日本')).toBe('héllo "wörld" → ← 日本');
  });

  it('shows line breaks and tabs as escapes so a line stays one line', () => {
    expect(printable('a\nb\r\tc')).toBe('a\\nb\\r\\tc');
  });

  it('neutralises terminal escapes, bells and C1 controls', () => {
    expect(printable('\u001b[2J\u0007x\u009b')).toBe('\\u001b[2J\\u0007x\\u009b');
  });

  it('shows bidi overrides and lone surrogates instead of letting them reorder or corrupt text', () => {
    expect(printable('a\u202eb\u2066c')).toBe('a\\u202eb\\u2066c');
    expect(printable('x\ud800y\udc00z')).toBe('x\\ud800y\\udc00z');
    expect(printable('😀')).toBe('😀');
  });
});
