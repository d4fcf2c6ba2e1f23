// Public surface of runner/baseline: expected-failures files and how a run measures against one.
export { baselineFor } from './evaluate-baseline.js';
export { loadBaseline, writeBaseline } from './load-baseline.js';
export { BaselineReporter } from './baseline-reporter.js';
