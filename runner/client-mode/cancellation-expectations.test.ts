import { describe, expect, it } from 'vitest';
import type { RecordedLine } from './bridge.js';
import { judgeCancellations } from './cancellation-expectations.js';

let seq = 0;
const line = (message: Record<string, unknown>, connection = 1): RecordedLine => ({ seq: ++seq, connection, text: JSON.stringify(message), message });
const request = (id: number, method: string, connection = 1) => line({ jsonrpc: '2.0', id, method, params: {} }, connection);
const response = (id: number, connection = 1) => line({ jsonrpc: '2.0', id, result: {} }, connection);
const cancel = (requestId: number, connection = 1) => line({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId } }, connection);

/** Builds both directions from one ordered conversation: [from client?, line]. */
function conversation(steps: [boolean, RecordedLine][]) {
  return { fromClient: steps.filter(([c]) => c).map(([, l]) => l), toClient: steps.filter(([c]) => !c).map(([, l]) => l) };
}

describe('judgeCancellations', () => {
  it('passes a cancellation of a request still awaiting its response', () => {
    const c = conversation([
      [true, request(1, 'initialize')],
      [false, response(1)],
      [true, request(2, 'tools/call')],
      [true, cancel(2)],
    ]);
    expect(judgeCancellations('in-progress', c.fromClient, c.toClient, false).status).toBe('passed');
    expect(judgeCancellations('not-initialize', c.fromClient, c.toClient, false).status).toBe('passed');
  });

  it('fails a cancellation sent after the response arrived', () => {
    const c = conversation([
      [true, request(2, 'tools/call')],
      [false, response(2)],
      [true, cancel(2)],
    ]);
    expect(judgeCancellations('in-progress', c.fromClient, c.toClient, false)).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/after its response/),
    });
  });

  it('fails a cancellation naming a request sent on another connection or never sent', () => {
    const other = conversation([
      [true, request(2, 'tools/call', 1)],
      [true, cancel(2, 2)],
    ]);
    expect(judgeCancellations('in-progress', other.fromClient, other.toClient, false)).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/not a request it had sent/),
    });
    // At a stateless revision every HTTP POST is its own connection: the request counts.
    expect(judgeCancellations('in-progress', other.fromClient, other.toClient, true).status).toBe('passed');
  });

  it('judges the latest request of a reused id (stateless POSTs may reuse ids)', () => {
    const c = conversation([
      [true, request(1, 'tools/call', 1)],
      [false, response(1, 1)],
      [true, request(1, 'tools/call', 2)],
      [true, cancel(1, 3)],
    ]);
    expect(judgeCancellations('in-progress', c.fromClient, c.toClient, true).status).toBe('passed');
  });

  it('fails a cancellation of initialize, and skips when there is nothing to judge', () => {
    const c = conversation([
      [true, request(1, 'initialize')],
      [true, cancel(1)],
    ]);
    expect(judgeCancellations('not-initialize', c.fromClient, c.toClient, false).status).toBe('failed');
    const none = conversation([
      [true, request(1, 'tools/list')],
      [false, response(1)],
    ]);
    expect(judgeCancellations('in-progress', none.fromClient, none.toClient, false).status).toBe('skipped');
    const stateless = conversation([
      [true, request(1, 'tools/call')],
      [true, cancel(1)],
    ]);
    expect(judgeCancellations('not-initialize', stateless.fromClient, stateless.toClient, true).status).toBe('skipped');
  });
});
