// Public surface of the transports: every concrete Transport and the helpers they share.
export { StdioTransport, type StdioOptions } from './stdio.js';
export { splitCommandLine, quoteWord, CommandLineError } from './command-line.js';
export { liveProcessGroups } from './process-registry.js';
export {
  StreamableHttpTransport,
  type StreamableHttpOptions,
  LegacySseTransport,
  detectHttpWire,
  waitForPort,
  startManagedServer,
  freePort,
  type ManagedServer,
} from './http/index.js';
