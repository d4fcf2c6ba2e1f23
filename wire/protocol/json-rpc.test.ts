import { describe, expect, it } from 'vitest';
import { classify } from './json-rpc.js';

describe('classify', () => {
  it('accepts an error response without an id (2025-11-25 allows it after an unreadable request)', () => {
    expect(classify({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } })).toEqual({ kind: 'response' });
  });

  it('still rejects a result response without an id', () => {
    expect(classify({ jsonrpc: '2.0', result: {} })).toMatchObject({ kind: 'invalid', reason: 'response has no "id"' });
  });

  it('rejects an error response whose id is neither a string, a number nor null', () => {
    expect(classify({ jsonrpc: '2.0', id: true, error: { code: 1, message: 'x' } }).kind).toBe('invalid');
  });

  it('tells requests, notifications and batches apart', () => {
    expect(classify({ jsonrpc: '2.0', id: 1, method: 'ping' }).kind).toBe('request');
    expect(classify({ jsonrpc: '2.0', method: 'notifications/initialized' }).kind).toBe('notification');
    expect(classify([]).kind).toBe('batch');
    expect(classify({ jsonrpc: '1.0', id: 1, method: 'ping' }).kind).toBe('invalid');
  });
});
