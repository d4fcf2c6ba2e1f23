// The data view an `http` step matches patterns against: status, headers, media type, SSE events
// with their ids and parsed JSON, and the JSON-RPC messages of the answer.
import { describe, expect, it } from 'vitest';
import type { RawHttpResponse } from '../../wire/protocol/index.js';
import { answerView } from './http.js';

const exchange = (over: Partial<RawHttpResponse['exchange']> = {}): RawHttpResponse['exchange'] => ({
  method: 'POST',
  url: '/mcp',
  streamId: 'post-1',
  requestHeaders: {},
  responseHeaders: {},
  ...over,
});

describe('answerView', () => {
  it('lists SSE events with ids and parsed data, and their messages', () => {
    const view = answerView({
      exchange: exchange({ status: 200, contentType: 'text/event-stream', responseHeaders: { 'mcp-session-id': 's' } }),
      events: [
        { streamId: 'post-1', id: '1-1', data: '' },
        { streamId: 'post-1', id: '1-2', data: '{"jsonrpc":"2.0","id":1,"result":{}}' },
        { streamId: 'post-1', data: 'not json' },
      ],
      cut: false,
    });
    expect(view).toMatchObject({ status: 200, contentType: 'text/event-stream', headers: { 'mcp-session-id': 's' }, eventIds: ['1-1', '1-2'], cut: false });
    expect(view.messages).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
    expect(view.events[0]).toEqual({ id: '1-1', data: '' });
    expect(view.events[2]).toEqual({ data: 'not json' });
  });

  it('spreads a JSON batch body into messages and reports a failed exchange with a null status', () => {
    expect(
      answerView({ exchange: exchange({ status: 200, contentType: 'application/json' }), json: [{ id: 1 }, { id: 2 }], events: [], cut: false }).messages,
    ).toEqual([{ id: 1 }, { id: 2 }]);
    const failed = answerView({ exchange: exchange({ error: 'connection refused' }), events: [], cut: false });
    expect(failed).toMatchObject({ status: null, contentType: null, error: 'connection refused', messages: [] });
  });
});

describe('answerView challenges', () => {
  it('reads WWW-Authenticate into the Bearer challenge and the full list', () => {
    const view = answerView({
      exchange: exchange({ status: 401, responseHeaders: { 'www-authenticate': 'Basic realm="r", Bearer resource_metadata="http://h/m", scope="a b"' } }),
      events: [],
      cut: false,
    });
    expect(view.challenge).toEqual({ scheme: 'bearer', params: { resource_metadata: 'http://h/m', scope: 'a b' } });
    expect(view.challenges.map((c) => c.scheme)).toEqual(['basic', 'bearer']);
    expect(answerView({ exchange: exchange({ status: 200 }), events: [], cut: false })).not.toHaveProperty('challenge');
  });
});
