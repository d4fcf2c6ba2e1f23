// Public surface of mocks/config: a mock server described by a YAML or JSON file.
export { createMockFromConfig, type MockFromConfigOptions } from './create-mock-from-config.js';
export { loadMockConfig, parseMockConfig, MockConfigError, type ParseMockConfigOptions } from './load-mock-config.js';
export type { MockBehaviour, MockCompletion, MockConfig, MockPrompt, MockResource, MockResourceTemplate, MockTool, MockToolCase } from './types.js';
