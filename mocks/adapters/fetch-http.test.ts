// The fetch-style Streamable HTTP handler on its own (no msw, no socket): a handler's end-session
// directive answers the call, then the session id gets 404, as over node:http.
import { describe, expect, it } from 'vitest';
import { createMockFromConfig } from '../config/index.js';
import { createMcpFetchHandler } from './fetch-http.js';

const URL_ = 'http://mcp.test/mcp';
const BOTH = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };

describe('createMcpFetchHandler', () => {
  it('carries out endSession: the call is answered, then the session is gone (404)', async () => {
    const mock = createMockFromConfig(
      { serverInfo: { name: 'fetch', version: '1.0.0' }, revisions: ['2025-11-25'], tools: [{ name: 'end', text: 'bye', endSession: true }, { name: 'stay', text: 'here' }] },
      { record: false },
    );
    const endpoint = createMcpFetchHandler(mock);
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      endpoint.handle(new Request(URL_, { method: 'POST', headers: { ...BOTH, ...headers }, body: JSON.stringify(body) }));
    const init = await post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
    await init.text();
    const headers = { 'mcp-session-id': init.headers.get('mcp-session-id')!, 'mcp-protocol-version': '2025-11-25' };
    expect((await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, headers)).status).toBe(202);
    expect(await (await post({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'stay', arguments: {} } }, headers)).text()).toContain('here');
    expect(endpoint.sessionCount).toBe(1);
    expect(await (await post({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'end', arguments: {} } }, headers)).text()).toContain('bye');
    expect(endpoint.sessionCount).toBe(0);
    expect((await post({ jsonrpc: '2.0', id: 4, method: 'ping' }, headers)).status).toBe(404);
    endpoint.close();
  });
});
