import { describe, expect, it } from 'vitest';
import { limitDepth, MAX_JUDGED_DEPTH, TOO_DEEP_MARKER } from './depth-limit.js';

const nested = (levels: number, leaf: unknown = 0): unknown => {
  let value = leaf;
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

describe('limitDepth', () => {
  it('leaves a message within the limit untouched', () => {
    const message = { jsonrpc: '2.0', id: 1, result: nested(MAX_JUDGED_DEPTH - 2) };
    const copy = structuredClone(message);
    expect(limitDepth(message)).toBeUndefined();
    expect(message).toEqual(copy);
  });

  it('cuts a message nested 100 000 levels deep without overflowing the stack, keeping the levels above the limit', () => {
    const message = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: nested(100_000) } };
    expect(limitDepth(message)).toBeGreaterThan(MAX_JUDGED_DEPTH);
    expect(message.params.level).toBe('info');
    expect(() => JSON.stringify(message)).not.toThrow();
    // Walk down: every level up to the limit is a container, the one below it the marker.
    let node: unknown = message;
    let depth = 1;
    while (typeof node === 'object' && node !== null) {
      node = Object.values(node).find((v) => (typeof v === 'object' && v !== null) || v === TOO_DEEP_MARKER);
      depth++;
    }
    expect(node).toBe(TOO_DEEP_MARKER);
    expect(depth).toBe(MAX_JUDGED_DEPTH + 1);
  });

  it('measures a wide message in one pass and keeps scalars', () => {
    const message = { list: Array.from({ length: 10_000 }, (_, i) => ({ i, s: 'x' })) };
    expect(limitDepth(message, 3)).toBeUndefined();
    expect(limitDepth(message, 2)).toBe(3);
    expect(message.list[0]).toBe(TOO_DEEP_MARKER);
  });
});
