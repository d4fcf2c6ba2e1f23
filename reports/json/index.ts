// Public surface of the JSON reporter: the reporter and its pure renderer.
// The record shapes it writes live in reports/format (shared with jsonl).
export { JsonReporter, jsonReportChunks, renderJsonReport } from './json-reporter.js';
