// Public surface of runner/baseline: expected-failures files and how a run measures against one.
export { baselineFor, checkName, evaluateBaseline, isPositionalCheckName, judgeCell } from './evaluate-baseline.js';
export { BASELINE_INVALID, loadBaseline, writeBaseline } from './load-baseline.js';
export { BaselineReporter } from './baseline-reporter.js';
