// Streamable HTTP client transport and the helpers it shares with the CLI's --server mode.
export { StreamableHttpTransport } from './streamable-http.js';
export { LegacySseTransport } from './legacy-sse.js';
export { detectHttpWire } from './detect-wire.js';
export { serverStartupMs, startManagedServer, type ManagedServer } from './managed-server.js';
export { ToolSchemaBook } from './tool-schemas.js';
export { createRunAgent } from './run-agent.js';
