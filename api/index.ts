// Module surface of runner/api: the programmatic runs (server and client), their options and
// result types, and the pieces the CLI shares with them (exit codes, hooks; the CLI imports the
// other modules it needs directly, so that a run does not load client mode and the mock kit). The
// package's public barrel (index.ts at the root) re-exports only the user-facing part.
export { runConformance } from './run-conformance.js';
export { runClientConformance, type ClientConformanceOptions } from './run-client-conformance.js';
export type {
  CommandTarget,
  CommonRunOptions,
  ConformanceOptions,
  ConformanceRun,
  ConformanceTarget,
  InMemoryTarget,
  ScenarioSelection,
  ToolSelection,
  UrlTarget,
} from './conformance-options.js';
export { ConformanceOptionsError } from './options-error.js';
export { ExitCode, type ExitCodeValue } from './exit-codes.js';
export type { ReportSpec, ReporterEntry } from './reporter-specs.js';
