// Binds a mock server to one end of an SDK transport, such as the official SDK's linked in-memory
// pair, so an SDK `Client` talks to the mock in-process. Every message crosses as JSON text would:
// SDK clients hand over objects with `undefined` members (`params: undefined`), which a wire never
// carries and which the mock's JSON-RPC checks would rightly refuse.
import type { MockServer, ServerConnection } from '../core/index.js';

/**
 * The shape of an SDK transport end (`Transport` in `@modelcontextprotocol/sdk` 1.x and in
 * `@modelcontextprotocol/client`/`server` 2.x). Declared here so the kit does not depend on the SDK.
 */
export interface SdkTransportEnd {
  start(): Promise<void>;
  send(message: object): Promise<void>;
  close(): Promise<void>;
  // `any`: each SDK types its message differently; the bridge reads it as plain JSON.
  // biome-ignore lint/suspicious/noExplicitAny: each SDK major types its messages differently; any keeps both assignable.
  onmessage?: ((message: any, extra?: any) => void) | undefined;
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
}

/** A mock server attached to an SDK transport end. */
export interface SdkTransportBridge {
  /** The mock's side of the conversation (state, negotiated revision, …). */
  readonly connection: ServerConnection;
  /** Ends the connection and closes the transport end (the SDK client then sees it close). */
  close(): Promise<void>;
}

/** What JSON text would make of a value: `undefined` members dropped, nothing shared with the sender. */
function asOnTheWire(message: unknown): unknown {
  return JSON.parse(JSON.stringify(message)) as unknown;
}

/**
 * Serves `server` on one end of an SDK transport: give the other end to the SDK's `Client`.
 *
 * @example
 * ```ts
 * import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
 * import { Client } from '@modelcontextprotocol/sdk/client/index.js';
 * import { connectSdkTransport, createReferenceServer } from 'mcp-conform/mocks';
 *
 * const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
 * const bridge = await connectSdkTransport(createReferenceServer(), serverEnd);
 * const client = new Client({ name: 'my-test', version: '1.0.0' });
 * await client.connect(clientEnd);
 * const { tools } = await client.listTools();
 * await client.close();
 * await bridge.close();
 * ```
 */
export async function connectSdkTransport(server: MockServer, transport: SdkTransportEnd): Promise<SdkTransportBridge> {
  let closed = false;
  const connection = server.connect((message) => {
    if (closed) return;
    // A batch answer is an array; SDK transports carry one message at a time.
    for (const one of Array.isArray(message) ? message : [message]) {
      transport.send(asOnTheWire(one) as object).catch((err: unknown) => transport.onerror?.(err as Error));
    }
  });
  transport.onmessage = (message: unknown) => connection.receive(asOnTheWire(message));
  transport.onclose = () => {
    closed = true;
    connection.close();
  };
  await transport.start();
  return {
    connection,
    async close() {
      if (closed) return;
      closed = true;
      connection.close();
      await transport.close();
    },
  };
}
