// Public surface of the adapters: thin bindings of the mock core to a transport, one per file
// (stdio for the executable, in-memory for the runner's tests, Streamable HTTP as a fetch handler
// and that handler behind node:http).
export { serveStdio } from './stdio.js';
export type { StdioServerOptions, StdioServerHandle } from './stdio.js';
export { createInMemoryTransport } from './in-memory.js';
export { connectSdkTransport, type SdkTransportBridge, type SdkTransportEnd } from './sdk-transport.js';
export type { InMemoryTransport, InMemoryTransportOptions } from './in-memory.js';
export { createMcpFetchHandler } from './fetch-http.js';
export type { FetchHandlerOptions, FetchHandlerObserver, McpFetchHandler } from './fetch-http.js';
export { serveStreamableHttp } from './streamable-http.js';
export type { StreamableHttpServerOptions, StreamableHttpServerHandle, HttpObserver } from './streamable-http.js';
