// Public surface of client mode: load client scenarios and run a client command against mocks.
export { loadClientScenarios, parseClientScenario, isClientScenarioText, CLIENT_SCENARIO_INVALID, type ClientLoadResult } from './load-client-scenarios.js';
export { runClients, type ClientRunOptions } from './run-clients.js';
export { runClientCell, SERVER_PLACEHOLDER, type ClientCellInput } from './run-client-cell.js';
export type { ClientScenario, Expectation } from './types.js';
