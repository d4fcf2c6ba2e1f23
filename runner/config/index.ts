// Public surface of the run configuration.
export * from './run-config.js';
