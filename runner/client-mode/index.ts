// Public surface of client mode: load client scenarios and run a client command against mocks.
export { loadClientScenarios } from './load-client-scenarios.js';
export { runClients } from './run-clients.js';
export { DEFAULT_CLIENT_RUN_MS, SERVER_PLACEHOLDER, URL_PLACEHOLDER } from './run-client-cell.js';
export type { ClientScenario } from './types.js';
export { clientCoverageScenarios } from './coverage.js';
export { HttpClientHost } from './http-host.js';
