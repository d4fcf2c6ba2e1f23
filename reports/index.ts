// Public surface of the reporters: the factory the CLI uses, each reporter's pure renderer, the
// JSON Lines reader and the report record types. Reporters only read wire/results.
export { createReporter, type ReporterOptions } from './create-reporter.js';
export { REPORT_FORMATS, type ReportFormat } from './formats.js';
export { ReportWriteError } from './format/index.js';
