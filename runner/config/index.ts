// Public surface of the run configuration.
export * from './run-config.js';
export * from './tool-choice.js';
export * from './load-tool-args.js';
