// Streamable HTTP client transport and the helpers it shares with the CLI's --server mode.
export { StreamableHttpTransport, type StreamableHttpOptions } from './streamable-http.js';
export { waitForPort } from './wait-for-port.js';
export { LegacySseTransport, type LegacySseOptions } from './legacy-sse.js';
export { detectHttpWire, type HttpWire } from './detect-wire.js';
export { startManagedServer, freePort, type ManagedServer, type ManagedServerOptions } from './managed-server.js';
