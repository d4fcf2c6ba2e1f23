// Public surface of the mocks: the mock server core, the reference server, and the adapters that
// serve a mock over stdio or connect the runner to it in memory.
export * from './core/index.js';
export { createReferenceServer } from './reference/index.js';
export { serveStdio, createInMemoryTransport, serveStreamableHttp, createMcpFetchHandler } from './adapters/index.js';
export type { StreamableHttpServerHandle } from './adapters/index.js';
export * from './config/index.js';
export * from './client/index.js';
export * from './auth/index.js';
