// Public surface of the transports: every concrete Transport and the helpers they share.
export { StdioTransport, type StdioOptions } from './stdio.js';
export { splitCommandLine, quoteWord } from './command-line.js';
export { liveProcessGroups } from './process-registry.js';
export {
  StreamableHttpTransport,
  ToolSchemaBook,
  createRunAgent,
  LegacySseTransport,
  detectHttpWire,
  serverStartupMs,
  startManagedServer,
  type ManagedServer,
} from './http/index.js';
