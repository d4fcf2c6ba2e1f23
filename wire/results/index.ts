// Public surface of the result model.
export * from './model.js';
export * from './verdict.js';
