// Public surface of the JSON Lines reporter and of its reader, which refuses to trust a report
// without its footer.
export { JsonlReporter, jsonlLine, renderJsonlReport } from './jsonl-reporter.js';
export { readJsonlReport, type JsonlReadResult } from './read-jsonl-report.js';
