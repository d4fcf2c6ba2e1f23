// Public surface of client mode: load client scenarios and run a client command against mocks.
export { loadClientScenarios, parseClientScenario, isClientScenarioText, CLIENT_SCENARIO_INVALID, type ClientLoadResult } from './load-client-scenarios.js';
export { runClients, type ClientRunOptions } from './run-clients.js';
export { runClientCell, DEFAULT_CLIENT_RUN_MS, SERVER_PLACEHOLDER, URL_PLACEHOLDER, type ClientCellInput } from './run-client-cell.js';
export { StdioRelayHost, type ClientHost, type RecordedLine, type Recorder } from './bridge.js';
export type { ClientScenario, Expectation } from './types.js';
export { asCoverageScenario, clientCoverageScenarios } from './coverage.js';
export { HttpClientHost } from './http-host.js';
