import { describe, expect, it } from 'vitest';
import type { InboundRecord } from '../../wire/protocol/index.js';
import { reusedServerRequestIds } from './server-request-ids.js';

const request = (seq: number, id: string | number, method = 'sampling/createMessage') => ({ seq, message: { jsonrpc: '2.0' as const, id, method } });
const record = (seq: number, eventId?: string): InboundRecord => ({ seq, message: {}, kind: 'request', ...(eventId ? { streamId: 'post-1', eventId } : {}) });

describe("the server's request ids", () => {
  it('flags a second request with an id the server already used', () => {
    const { reused, requests } = reusedServerRequestIds([request(3, 'a'), request(5, 'b', 'roots/list'), request(8, 'a', 'roots/list')], []);
    expect(requests).toBe(3);
    expect(reused.map((r) => r.seq)).toEqual([8]);
    expect(reused[0]!.detail).toContain('sampling/createMessage request #3');
  });

  it('keeps 1 and "1" apart, and takes a redelivery with the same event id for the same request', () => {
    expect(reusedServerRequestIds([request(3, 1), request(4, '1')], []).reused).toEqual([]);
    const redelivered = reusedServerRequestIds([request(3, 'a'), request(9, 'a')], [record(3, 'e-1'), record(9, 'e-1')]);
    expect(redelivered.reused).toEqual([]);
    const reusedOnStreams = reusedServerRequestIds([request(3, 'a'), request(9, 'a')], [record(3, 'e-1'), record(9, 'e-2')]);
    expect(reusedOnStreams.reused.map((r) => r.seq)).toEqual([9]);
  });
});
