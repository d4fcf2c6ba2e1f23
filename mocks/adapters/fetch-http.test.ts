// The fetch-style Streamable HTTP handler on its own (no msw, no socket): a handler's end-session
// directive answers the call, then the session id gets 404; a drop-stream directive closes the
// call's stream after a primed event id and a GET with Last-Event-ID replays exactly what that
// stream missed (never another stream's events); an event id no stream holds cannot be resumed.
import { describe, expect, it } from 'vitest';
import { createMockFromConfig } from '../config/index.js';
import type { MockConfig } from '../config/types.js';
import { createMcpFetchHandler, type McpFetchHandler } from './fetch-http.js';

const URL_ = 'http://mcp.test/mcp';
const BOTH = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };

function endpointFor(tools: MockConfig['tools']): McpFetchHandler {
  return createMcpFetchHandler(createMockFromConfig({ serverInfo: { name: 'fetch', version: '1.0.0' }, revisions: ['2025-11-25'], tools }, { record: false }));
}

function poster(endpoint: McpFetchHandler) {
  return (body: unknown, headers: Record<string, string> = {}) =>
    endpoint.handle(new Request(URL_, { method: 'POST', headers: { ...BOTH, ...headers }, body: JSON.stringify(body) }));
}

/** Opens a session and returns the headers every later request carries. */
async function session(endpoint: McpFetchHandler): Promise<Record<string, string>> {
  const post = poster(endpoint);
  const init = await post({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
  });
  await init.text();
  const headers = { 'mcp-session-id': init.headers.get('mcp-session-id')!, 'mcp-protocol-version': '2025-11-25' };
  expect((await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, headers)).status).toBe(202);
  return headers;
}

function events(text: string): { id?: string; retry?: string; data?: string }[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const field = (name: string) => new RegExp(`^${name}: ?(.*)$`, 'm').exec(block)?.[1];
      const [id, retry, data] = [field('id'), field('retry'), field('data')];
      return { ...(id !== undefined ? { id } : {}), ...(retry !== undefined ? { retry } : {}), ...(data !== undefined ? { data } : {}) };
    });
}

const resume = (endpoint: McpFetchHandler, headers: Record<string, string>, lastEventId: string) =>
  endpoint.handle(new Request(URL_, { method: 'GET', headers: { ...headers, accept: 'text/event-stream', 'last-event-id': lastEventId } }));

describe('createMcpFetchHandler', () => {
  it('carries out endSession: the call is answered, then the session is gone (404)', async () => {
    const endpoint = endpointFor([
      { name: 'end', text: 'bye', endSession: true },
      { name: 'stay', text: 'here' },
    ]);
    const post = poster(endpoint);
    const headers = await session(endpoint);
    expect(await (await post({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'stay', arguments: {} } }, headers)).text()).toContain('here');
    expect(endpoint.sessionCount).toBe(1);
    expect(await (await post({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'end', arguments: {} } }, headers)).text()).toContain('bye');
    expect(endpoint.sessionCount).toBe(0);
    expect((await post({ jsonrpc: '2.0', id: 4, method: 'ping' }, headers)).status).toBe(404);
    endpoint.close();
  });

  it('carries out dropStream: the stream ends after its events and a retry; Last-Event-ID replays only what came after', async () => {
    // `dropped` logs twice, then its stream is dropped and it answers; `other` answers on a stream of its own meanwhile.
    const endpoint = endpointFor([
      {
        name: 'dropped',
        log: [
          { level: 'info', data: 'one' },
          { level: 'info', data: 'two' },
        ],
        text: 'late',
        dropStream: { retryMs: 50 },
      },
      { name: 'other', text: 'elsewhere' },
    ]);
    const post = poster(endpoint);
    const headers = await session(endpoint);
    expect((await post({ jsonrpc: '2.0', id: 9, method: 'logging/setLevel', params: { level: 'info' } }, headers)).status).toBe(200);
    const first = events(await (await post({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'dropped', arguments: {} } }, headers)).text());
    // The body ended (the connection closed) without the answer: a priming event, the two logs, then retry.
    const data = (list: typeof first) =>
      list.filter((e) => e.data).map((e) => JSON.parse(e.data!) as { id?: number; method?: string; params?: { data?: unknown } });
    expect(data(first).map((m) => m.params?.data)).toEqual(['one', 'two']);
    expect(first.at(-1)).toEqual({ retry: '50' });
    const [primed, afterOne, afterTwo] = first.filter((e) => e.id !== undefined).map((e) => e.id!);
    const other = events(await (await post({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'other', arguments: {} } }, headers)).text());
    const otherIds = other.flatMap((e) => (e.id === undefined ? [] : [e.id]));
    expect(otherIds.length).toBeGreaterThan(0);

    // From the last id seen: only the answer, never the other stream's events.
    const replay = events(await (await resume(endpoint, headers, afterTwo!)).text());
    expect(data(replay)).toMatchObject([{ id: 2, result: { content: [{ text: 'late' }] } }]);
    expect(replay.some((e) => e.id !== undefined && otherIds.includes(e.id))).toBe(false);
    // From an earlier id: exactly the events after it, in order, with their original ids.
    const fromOne = events(await (await resume(endpoint, headers, afterOne!)).text()).filter((e) => e.data);
    expect(fromOne.map((e) => e.id)).toEqual([afterTwo, replay.find((e) => e.data)!.id]);
    expect(data(events(await (await resume(endpoint, headers, primed!)).text())).map((m) => m.params?.data ?? m.id)).toEqual(['one', 'two', 2]);
    // The other stream, resumed from its first event, yields only its own events.
    const otherReplay = events(await (await resume(endpoint, headers, otherIds[0]!)).text());
    expect(otherReplay.every((e) => e.id !== undefined && otherIds.includes(e.id))).toBe(true);
    endpoint.close();
  });

  it('answers 405 (no stream to resume; the session lives on) for an event id no stream of the session holds', async () => {
    const endpoint = endpointFor([{ name: 'stay', text: 'here' }]);
    const headers = await session(endpoint);
    for (const unknown of ['99-1', 'not-an-id', '1-999']) {
      const res = await resume(endpoint, headers, unknown);
      expect(res.status).toBe(405);
      await res.text();
    }
    expect(endpoint.sessionCount).toBe(1);
    endpoint.close();
  });
});

describe('Mcp-Param-* headers (2026-07-28)', () => {
  const tool = {
    name: 'sql',
    inputSchema: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' }, query: { type: 'string' } } },
    text: 'ok',
  };
  const endpoint = createMcpFetchHandler(
    createMockFromConfig({ serverInfo: { name: 'fetch', version: '1.0.0' }, revisions: ['2026-07-28'], tools: [tool] }, { record: false }),
  );
  const call = (args: Record<string, unknown>, headers: Record<string, string>) =>
    poster(endpoint)(
      {
        jsonrpc: '2.0',
        id: 5,
        method: 'tools/call',
        params: {
          name: 'sql',
          arguments: args,
          _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} },
        },
      },
      { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'sql', ...headers },
    );

  it('refuses a call whose annotated argument has no header, or a different one, with 400 and -32020', async () => {
    for (const headers of [{}, { 'mcp-param-region': 'us-east1' }] as Record<string, string>[]) {
      const answer = await call({ region: 'us-west1' }, headers);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ id: 5, error: { code: -32020 } });
    }
  });

  it('accepts the header in the base64 sentinel form, and expects none for a null value', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ region: 'Grüße' }, { 'mcp-param-region': '=?base64?R3LDvMOfZQ==?=' }],
      [{ region: null }, {}],
    ];
    for (const [args, headers] of cases) {
      const answer = await call(args, headers);
      expect(answer.status).toBe(200);
      expect(await answer.text()).not.toContain('-32020');
    }
  });
});
