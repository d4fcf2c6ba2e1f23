import { describe, expect, it } from 'vitest';
import { streamsWithEventIds } from './sse-event-ids.js';

describe('streams with SSE event ids', () => {
  it('counts streams (a resumption as the stream it resumes) and their ids', () => {
    const message = { jsonrpc: '2.0', id: 1, result: {} };
    const inbound = [
      { seq: 1, message, kind: 'response' as const, streamId: 'post-1', eventId: 'a' },
      { seq: 2, message, kind: 'response' as const, streamId: 'post-1-resume-1', eventId: 'b' },
      { seq: 3, message, kind: 'response' as const, streamId: 'get-2', eventId: 'c' },
      { seq: 4, message, kind: 'response' as const, streamId: 'post-3' },
      { seq: 5, message, kind: 'response' as const },
    ];
    expect(streamsWithEventIds(inbound)).toEqual({ streams: 2, ids: 3 });
  });
});
