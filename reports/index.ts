// Public surface of the reporters: the factory the CLI uses, each reporter's pure renderer, the
// JSON Lines reader and the report record types. Reporters only read wire/results.
export { createReporter, REPORT_FORMATS, type ReportFormat, type ReporterOptions } from './create-reporter.js';
export { ConsoleReporter } from './console/index.js';
export { JsonReporter, renderJsonReport } from './json/index.js';
export { JsonlReporter, readJsonlReport, renderJsonlReport, type JsonlReadResult } from './jsonl/index.js';
export { JunitReporter, renderJunitReport, type JunitOptions } from './junit/index.js';
export { TapReporter, renderTapReport } from './tap/index.js';
export {
  REPORT_FORMAT_VERSION,
  ReportWriteError,
  reportDocument,
  type ReportCheck,
  type ReportDocument,
  type ReportFooter,
  type ReportHeader,
  type ReportLine,
  type ReportScenario,
} from './format/index.js';
