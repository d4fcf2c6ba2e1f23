import { describe, expect, it } from 'vitest';
import type { InboundRecord, Session } from '../../wire/protocol/index.js';
import { alwaysOnChecks } from './always-on.js';
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

describe('the always-on check of server request ids over HTTP', () => {
  const judge = (sessionHeader: boolean) => {
    const exchange = {
      method: 'POST',
      url: '/mcp',
      streamId: 'post-1',
      requestHeaders: {},
      status: 200,
      responseHeaders: sessionHeader ? { 'mcp-session-id': 's1' } : {},
    };
    const session = {
      anomalies: [],
      inbound: [],
      outbound: [],
      http: [{ ...exchange, seq: 1 }],
      serverRequests: [request(3, 0), request(8, 0)],
      notifications: [],
    } as unknown as Session;
    const checks = alwaysOnChecks({
      scenarioId: 'server-requests/request-ids-unique',
      revision: '2025-11-25',
      transport: 'http',
      session,
      ruleRef: (id) => ({ id, level: 'MUST', revision: '2025-11-25', section: 's', url: 'u', summary: 'x' }),
    });
    return checks.find((c) => c.id === 'always/server-request-ids');
  };

  it('fails an id reused within a session', () => {
    expect(judge(true)?.status).toBe('failed');
  });

  it('is skipped without a session id: the requests share no session (a stateless server numbering each POST afresh)', () => {
    expect(judge(false)).toMatchObject({ status: 'skipped' });
    expect(judge(false)?.message).toContain('no session id');
  });
});
