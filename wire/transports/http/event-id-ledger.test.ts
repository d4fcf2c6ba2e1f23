import { describe, expect, it } from 'vitest';
import { resumedStream } from '../../protocol/index.js';
import { EventIdLedger } from './event-id-ledger.js';

describe('SSE event id ledger', () => {
  it('reports an id a second stream of the same session carries, once', () => {
    const ledger = new EventIdLedger();
    expect(ledger.note('s1', 'post-1', '1')).toBeUndefined();
    expect(ledger.note('s1', 'get-2', '1')).toEqual({ eventId: '1', firstStream: 'post-1', stream: 'get-2' });
    expect(ledger.note('s1', 'post-3', '1')).toBeUndefined();
  });

  it('keeps sessions apart, and a repeat within one stream or its resumption is not a reuse', () => {
    const ledger = new EventIdLedger();
    expect(ledger.note('s1', 'post-1', '7')).toBeUndefined();
    expect(ledger.note('s2', 'post-2', '7')).toBeUndefined();
    expect(ledger.note('s1', 'post-1', '7')).toBeUndefined();
    expect(ledger.note('s1', 'post-1-resume-1', '7')).toBeUndefined();
  });

  it('maps a resumption to the stream it resumes', () => {
    expect(resumedStream('post-3-resume-2')).toBe('post-3');
    expect(resumedStream('get-4')).toBe('get-4');
  });
});
