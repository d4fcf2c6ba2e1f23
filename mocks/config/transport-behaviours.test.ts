// Mock-file behaviours aimed at clients under test: a dropped SSE stream resumed with Last-Event-ID,
// a session ended after a call (404 afterwards), a server request sent to a client that did not
// declare its capability, the 2026-07-28 input_required round trip of `clientRequest`, and tools
// shown or hidden by a call (tools/list_changed).
import { afterEach, describe, expect, it } from 'vitest';
import { createInMemoryTransport, serveStreamableHttp, type StreamableHttpServerHandle } from '../adapters/index.js';
import { MockClient } from '../client/index.js';
import { createMockFromConfig } from './create-mock-from-config.js';
import type { MockConfig } from './types.js';

const INFO = { serverInfo: { name: 'behaviours', version: '1.0.0' } };
const BOTH = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };

let handle: StreamableHttpServerHandle | undefined;
const clients: MockClient[] = [];
afterEach(async () => {
  await handle?.close();
  handle = undefined;
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

async function serve(config: Omit<MockConfig, 'serverInfo'>, seen: string[] = []): Promise<string> {
  handle = await serveStreamableHttp(createMockFromConfig({ ...INFO, revisions: ['2025-11-25'], ...config }, { record: false }), {
    observer: { streamDropped: (d) => seen.push(`dropped after ${d.lastEventId}, retry ${String(d.retryMs)}`), sessionEnded: () => seen.push('session ended') },
  });
  return handle.url;
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { ...BOTH, ...headers }, body: JSON.stringify(body) });

async function session(url: string): Promise<Record<string, string>> {
  const init = await post(url, {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
  });
  await init.text();
  const headers = { 'mcp-session-id': init.headers.get('mcp-session-id')!, 'mcp-protocol-version': '2025-11-25' };
  await (await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers)).text();
  return headers;
}

describe('mock-file behaviours for client tests', () => {
  it('dropStream closes the connection after a primed event and retry field; GET with Last-Event-ID replays the answer', async () => {
    const seen: string[] = [];
    const url = await serve({ tools: [{ name: 'dropped', text: 'late', dropStream: { retryMs: 250 } }] }, seen);
    const headers = await session(url);
    const first = await (await post(url, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'dropped', arguments: {} } }, headers)).text();
    const lastId = /^id: (.*)$/m.exec(first)?.[1];
    expect(first).toContain('retry: 250');
    expect(first).not.toContain('"result"');
    expect(seen).toEqual([`dropped after ${lastId}, retry 250`]);
    const resumed = await (await fetch(url, { method: 'GET', headers: { ...headers, accept: 'text/event-stream', 'last-event-id': lastId! } })).text();
    expect(resumed).toContain('"id":2,"result"');
    expect(resumed).toContain('late');
  });

  it('endSession answers the call, then the session is gone: 404', async () => {
    const seen: string[] = [];
    const url = await serve({ tools: [{ name: 'end', text: 'bye', endSession: true }] }, seen);
    const headers = await session(url);
    expect(await (await post(url, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'end', arguments: {} } }, headers)).text()).toContain('bye');
    expect(seen).toEqual(['session ended']);
    expect((await post(url, { jsonrpc: '2.0', id: 3, method: 'ping' }, headers)).status).toBe(404);
    expect(handle!.sessionCount).toBe(0);
  });

  it('clientRequest.ignoreCapabilities asks a client that did not declare the capability', async () => {
    const tools = [
      { name: 'polite', clientRequest: { method: 'roots/list' }, text: 'error ${client.error.code}' },
      { name: 'pushy', clientRequest: { method: 'roots/list', ignoreCapabilities: true }, text: 'error ${client.error.code}' },
    ];
    const mock = createMockFromConfig({ ...INFO, tools }, { record: true });
    const client = new MockClient(createInMemoryTransport(mock), {
      revision: '2025-06-18',
      replies: { 'roots/list': { error: { code: -32601, message: 'no roots' } } },
    });
    clients.push(client);
    await client.connect();
    expect(await client.callTool('polite', {})).toMatchObject({ content: [{ text: 'error -32603' }] });
    expect(mock.recorder.exchanges({ method: 'roots/list' })).toHaveLength(0);
    expect(await client.callTool('pushy', {})).toMatchObject({ content: [{ text: 'error -32601' }] });
    expect(mock.recorder.exchanges({ method: 'roots/list' })).toHaveLength(1);
  });

  it('clientRequest at 2026-07-28 is an input_required result; the retry with inputResponses completes', async () => {
    const tools = [{ name: 'ask', clientRequest: { method: 'roots/list' }, text: 'first root ${client.result.roots.0.uri}' }];
    const client = new MockClient(createInMemoryTransport(createMockFromConfig({ ...INFO, tools }, { record: false })), {
      revision: '2026-07-28',
      capabilities: { roots: {} },
    });
    clients.push(client);
    await client.connect();
    const asked = await client.result('tools/call', { name: 'ask', arguments: {} });
    expect(asked).toMatchObject({ resultType: 'input_required', inputRequests: { input: { method: 'roots/list' } } });
    const done = await client.result('tools/call', {
      name: 'ask',
      arguments: {},
      inputResponses: { input: { roots: [{ uri: 'file:///w' }] } },
      requestState: asked.requestState,
    });
    expect(done).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: 'first root file:///w' }] });
    expect(client.problems()).toEqual([]);
  });

  it('clientRequest.then at 2026-07-28 asks again in a second round with its own key and a new requestState', async () => {
    const tools = [
      {
        name: 'ask',
        clientRequest: { method: 'roots/list', key: 'first', then: [{ key: 'second', method: 'roots/list' }] },
        text: 'last root ${client.result.roots.0.uri}',
      },
    ];
    const client = new MockClient(createInMemoryTransport(createMockFromConfig({ ...INFO, tools }, { record: false })), {
      revision: '2026-07-28',
      capabilities: { roots: {} },
    });
    clients.push(client);
    await client.connect();
    const call = (extra: Record<string, unknown>) => client.result('tools/call', { name: 'ask', arguments: {}, ...extra });
    const one = await call({});
    expect(one).toMatchObject({ resultType: 'input_required', inputRequests: { first: { method: 'roots/list' } } });
    const two = await call({ inputResponses: { first: { roots: [{ uri: 'file:///a' }] } }, requestState: one.requestState });
    expect(two).toMatchObject({ resultType: 'input_required', inputRequests: { second: { method: 'roots/list' } } });
    expect(two.requestState).not.toEqual(one.requestState);
    // The first round's state with the second round's answer is that first round again: its input is missing.
    const stale = await call({ inputResponses: { second: { roots: [{ uri: 'file:///b' }] } }, requestState: one.requestState });
    expect(stale).toMatchObject({ resultType: 'input_required', inputRequests: { first: { method: 'roots/list' } }, requestState: one.requestState });
    const done = await call({ inputResponses: { second: { roots: [{ uri: 'file:///b' }] } }, requestState: two.requestState });
    expect(done).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: 'last root file:///b' }] });
    expect(client.problems()).toEqual([]);
  });

  it('changeTools shows hidden tools and hides others for every connection, with tools/list_changed', async () => {
    const tools = [
      { name: 'reveal', text: 'revealed', changeTools: { add: ['later'], remove: ['reveal'] } },
      { name: 'later', text: 'here now', hidden: true as const },
    ];
    const mock = createMockFromConfig({ ...INFO, tools }, { record: false });
    expect(mock.capabilitiesFor('2025-11-25')).toMatchObject({ tools: { listChanged: true } });
    const client = new MockClient(createInMemoryTransport(mock), { revision: '2025-11-25' });
    clients.push(client);
    await client.connect();
    const names = async () => ((await client.result('tools/list', {})).tools as { name: string }[]).map((t) => t.name);
    expect(await names()).toEqual(['reveal']);
    expect((await client.error('tools/call', { name: 'later', arguments: {} })).code).toBe(-32602);
    await client.callTool('reveal', {});
    expect(client.notifications().map((n) => n.method)).toContain('notifications/tools/list_changed');
    expect(await names()).toEqual(['later']);
    expect(await client.callTool('later', {})).toMatchObject({ content: [{ text: 'here now' }] });
  });
});
