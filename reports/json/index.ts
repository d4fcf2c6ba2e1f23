// Public surface of the JSON reporter: the reporter and its pure renderer.
// The record shapes it writes live in reports/format (shared with jsonl).
export { JsonReporter, renderJsonReport } from './json-reporter.js';
