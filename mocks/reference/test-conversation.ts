// Test support: a mock client talking to a mock server over the in-memory transport, at one
// revision, that checks every message the server sends against our schema of that revision.
import type { ClientIdentity, ReplyScript } from '../../wire/protocol/index.js';
import type { Revision } from '../../schema/index.js';
import { createInMemoryTransport } from '../adapters/index.js';
import { MockClient } from '../client/index.js';
import type { MockServer } from '../core/index.js';

export const TEST_CLIENT: ClientIdentity = { clientInfo: { name: 'mocks-test', version: '1.0.0' }, capabilities: {} };

export interface ConversationOptions {
  capabilities?: Record<string, unknown>;
  replies?: ReplyScript;
  /** Perform the stateful handshake first (default true; no-op at stateless revisions). */
  handshake?: boolean;
  timeoutMs?: number;
}

/** A conversation is a mock client; the name stays for the tests that read better with it. */
export type Conversation = MockClient;

/** Opens a conversation with `server` at `revision`, with the handshake done unless told otherwise. */
export async function converse(server: MockServer, revision: Revision, options: ConversationOptions = {}): Promise<Conversation> {
  const client = new MockClient(createInMemoryTransport(server), {
    revision,
    clientInfo: TEST_CLIENT.clientInfo,
    capabilities: options.capabilities ?? {},
    timeoutMs: options.timeoutMs ?? 3000,
    ...(options.replies ? { replies: options.replies } : {}),
  });
  await client.connect({ handshake: options.handshake ?? true });
  return client;
}
