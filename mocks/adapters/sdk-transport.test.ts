// The official SDK clients (1.x and 2.x) talk to a mock server in-process through the SDK's own
// linked in-memory transport and connectSdkTransport: handshake, listing, a call, and closing.
import { Client as ClientV2, InMemoryTransport as InMemoryTransportV2 } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport as InMemoryTransportV1 } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { createReferenceServer } from '../reference/index.js';
import { connectSdkTransport } from './sdk-transport.js';

describe('connectSdkTransport', () => {
  it('serves the SDK 1.x Client over its InMemoryTransport pair', async () => {
    const server = createReferenceServer();
    const [clientEnd, serverEnd] = InMemoryTransportV1.createLinkedPair();
    const bridge = await connectSdkTransport(server, serverEnd);
    const client = new ClientV1({ name: 'sdk1-test', version: '0' });
    await client.connect(clientEnd);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('echo');
    const called = await client.callTool({ name: 'echo', arguments: { message: 'hello' } });
    expect(JSON.stringify(called.content)).toContain('hello');
    expect(bridge.connection.state.revision).toBeDefined();
    // Nothing the SDK sent was refused as invalid (the `params: undefined` the bridge exists for).
    const refused = server.recorder.messages.filter((m) => m.direction === 'out' && (m.message as { error?: { code: number } }).error?.code === -32600);
    expect(refused).toEqual([]);
    await client.close();
    expect(bridge.connection.closed).toBe(true);
  });

  it('serves the SDK 2.x Client over its InMemoryTransport pair', async () => {
    const server = createReferenceServer();
    const [clientEnd, serverEnd] = InMemoryTransportV2.createLinkedPair();
    const bridge = await connectSdkTransport(server, serverEnd);
    const client = new ClientV2({ name: 'sdk2-test', version: '0' });
    await client.connect(clientEnd);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('echo');
    const called = await client.callTool({ name: 'echo', arguments: { message: 'hello' } });
    expect(JSON.stringify(called.content)).toContain('hello');
    await bridge.close();
    expect(bridge.connection.closed).toBe(true);
  });
});
