// Public surface of the reference server: the factory and its options. The executable entry is
// stdio-main.ts; test-conversation.ts is test support and deliberately not exported.
export { createReferenceServer, REFERENCE_SERVER_NAME } from './reference-server.js';
export type { ReferenceServerOptions } from './reference-server.js';
