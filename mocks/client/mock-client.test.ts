import { afterEach, describe, expect, it } from 'vitest';
import { fromRoot } from '../../schema/package-root.js';
import { createInMemoryTransport } from '../adapters/index.js';
import { createReferenceServer } from '../reference/index.js';
import { MockClient, MockClientError } from './mock-client.js';

const open: MockClient[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});
const track = (c: MockClient) => (open.push(c), c);

describe('MockClient', () => {
  it('drives a stdio server command: handshake, paginated lists, tool calls, clean schema record', async () => {
    const command = `${process.execPath} ${fromRoot('dist', 'mocks', 'reference', 'stdio-main.js')} --page-size 2`;
    const client = track(MockClient.spawn(command, { revision: '2025-06-18' }));
    const init = await client.connect();
    expect(init).toMatchObject({ protocolVersion: '2025-06-18', serverInfo: { name: 'mcp-conform-reference' } });
    const tools = await client.listAll('tools/list');
    expect(tools.length).toBeGreaterThan(2);
    expect(await client.callTool('echo', { message: 'hi' })).toMatchObject({ content: [{ type: 'text' }] });
    expect(client.problems()).toEqual([]);
  }, 20_000);

  it('adds the per-request _meta at 2026-07-28 and needs no handshake', async () => {
    const client = track(new MockClient(createInMemoryTransport(createReferenceServer({ record: false })), { revision: '2026-07-28' }));
    expect(await client.connect()).toEqual({});
    const result = await client.result('tools/list', {});
    expect(Array.isArray(result.tools)).toBe(true);
    expect(client.problems()).toEqual([]);
  });

  it('rejects with the error a failed request carries', async () => {
    const client = track(new MockClient(createInMemoryTransport(createReferenceServer({ record: false })), { revision: '2025-03-26' }));
    await client.connect();
    const failure = await client.result('no/such-method').catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(MockClientError);
    expect((failure as MockClientError).error?.code).toBe(-32601);
  });

  it('answers the server requests it has scripts for', async () => {
    const client = track(
      new MockClient(createInMemoryTransport(createReferenceServer({ record: false })), {
        revision: '2025-06-18',
        capabilities: { roots: {} },
        replies: { 'roots/list': { result: { roots: [{ uri: 'file:///tmp', name: 'tmp' }] } } },
      }),
    );
    await client.connect();
    const result = await client.callTool('list-roots');
    expect(JSON.stringify(result)).toContain('file:///tmp');
    expect(client.serverRequests('roots/list')).toHaveLength(1);
  });
});
