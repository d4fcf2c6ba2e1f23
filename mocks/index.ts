// Public surface of the mocks: the mock server core, the reference server, and the adapters that
// serve a mock over stdio or connect the runner to it in memory.
export * from './core/index.js';
export { createReferenceServer, REFERENCE_SERVER_NAME } from './reference/index.js';
export type { ReferenceServerOptions } from './reference/index.js';
export { serveStdio, createInMemoryTransport, connectSdkTransport, serveStreamableHttp, createMcpFetchHandler } from './adapters/index.js';
export type {
  StdioServerOptions,
  StdioServerHandle,
  InMemoryTransport,
  InMemoryTransportOptions,
  SdkTransportBridge,
  SdkTransportEnd,
  StreamableHttpServerOptions,
  StreamableHttpServerHandle,
  HttpObserver,
  FetchHandlerOptions,
  FetchHandlerObserver,
  McpFetchHandler,
} from './adapters/index.js';
export * from './config/index.js';
export * from './client/index.js';
export * from './auth/index.js';
