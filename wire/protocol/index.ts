// Public surface of the protocol core: JSON-RPC types, framing, per-revision wire facts, session.
export * from './json-rpc.js';
export * from './line-framing.js';
export * from './split-message.js';
export * from './wire.js';
export * from './transport.js';
export * from './session.js';
export * from './transcript.js';
export * from './http-exchange.js';
export * from './www-authenticate.js';
export * from './depth-limit.js';
export * from './param-headers.js';
export * from './detached-slice.js';
export * from './deadline.js';
export * from './stream-ids.js';
export * from './message-limit.js';
