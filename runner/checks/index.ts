// Public surface of the always-on checks.
export * from './always-on.js';
