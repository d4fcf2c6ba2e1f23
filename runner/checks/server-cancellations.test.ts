import { describe, expect, it } from 'vitest';
import { idKey, type PendingRequest, type RequestId } from '../../wire/protocol/index.js';
import { foreignCancellations, type CancellationEvidence } from './server-cancellations.js';

const cancel = (seq: number, requestId: unknown) => ({ seq, message: { jsonrpc: '2.0' as const, method: 'notifications/cancelled', params: { requestId } } });

function evidence(opts: { ours: PendingRequest[]; serverIds?: RequestId[]; cancels: ReturnType<typeof cancel>[] }): CancellationEvidence {
  const pending = new Map(opts.ours.map((p) => [idKey(p.id), p]));
  return {
    notifications: opts.cancels,
    serverRequests: (opts.serverIds ?? []).map((id, i) => ({ seq: 100 + i, message: { jsonrpc: '2.0', id, method: 'sampling/createMessage' } })),
    pendingFor: (id) => pending.get(idKey(id)),
  };
}

describe('server cancellations of our requests', () => {
  it('flags a cancellation naming our request in progress', () => {
    const found = foreignCancellations(evidence({ ours: [{ id: 2, method: 'tools/call', sentSeq: 5 }], cancels: [cancel(6, 2)] }), false);
    expect(found).toHaveLength(1);
    expect(found[0]!.seq).toBe(6);
    expect(found[0]!.detail).toContain('our tools/call (#5)');
  });

  it('accepts an id the server issued itself, whatever we used the same id for', () => {
    const session = evidence({ ours: [{ id: 2, method: 'tools/call', sentSeq: 5 }], serverIds: [2], cancels: [cancel(6, 2)] });
    expect(foreignCancellations(session, false)).toEqual([]);
  });

  it('leaves alone ids nobody issued here, our answered requests, and ids of another type', () => {
    const session = evidence({
      ours: [{ id: 1, method: 'tools/call', sentSeq: 3, responseSeq: 4 }],
      cancels: [cancel(6, 1), cancel(7, 99), cancel(8, '1'), cancel(9, null)],
    });
    expect(foreignCancellations(session, false)).toEqual([]);
  });

  it('from 2026-07-28 accepts only the end of our subscriptions/listen stream', () => {
    const session = evidence({
      ours: [
        { id: 1, method: 'subscriptions/listen', sentSeq: 3 },
        { id: 2, method: 'tools/call', sentSeq: 4 },
      ],
      cancels: [cancel(6, 1), cancel(7, 2)],
    });
    const found = foreignCancellations(session, true);
    expect(found.map((f) => f.seq)).toEqual([7]);
    expect(found[0]!.detail).toContain('only to end a subscriptions/listen stream');
  });
});
