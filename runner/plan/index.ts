// Public surface of the planner.
export * from './plan.js';
