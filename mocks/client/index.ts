// Public surface of mocks/client: a mock MCP client that drives any server from code.
export { MockClient, MockClientError, type MockClientOptions, type RequestOptions } from './mock-client.js';
