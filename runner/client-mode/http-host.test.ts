// The HTTP host of client mode keeps what a client wrote just before it went away: a request on a
// connection the runner had not even accepted yet when the client exited (a cancellation sent on a
// connection of its own, then exit) still reaches the mock before the cell is judged.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createMockFromConfig, type MockConfig } from '../../mocks/index.js';
import { HttpClientHost } from './http-host.js';

const config = { serverInfo: { name: 'host-test', version: '1.0.0' }, revisions: ['2025-11-25'], tools: [{ name: 'echo', text: 'hi' }] } as MockConfig;

describe('HttpClientHost.close', () => {
  it('reads a request written on a new connection that ended before the runner accepted it', async () => {
    const host = new HttpClientHost(createMockFromConfig(config, { record: false }), () => 0);
    const url = new URL(await host.start());
    const socket = connect(Number(url.port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'gone', version: '1' } },
    });
    socket.on('error', () => undefined);
    // The client writes its request and goes away; the runner closes the host in the same turn,
    // before its event loop has accepted the connection or read a byte of it.
    socket.end(
      `POST ${url.pathname} HTTP/1.1\r\nhost: ${url.host}\r\ncontent-type: application/json\r\naccept: application/json, text/event-stream\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    await host.close();
    expect(host.fromClient.map((l) => (l.message as { method?: string }).method)).toEqual(['initialize']);
    expect(host.http.requests.map((r) => r.method)).toEqual(['POST']);
  });
});
