// Module surface of runner/api: the programmatic runs (server and client), their options and
// result types, and the pieces the CLI shares with them (exit codes, defaults, hooks). The
// package's public barrel (index.ts at the root) re-exports only the user-facing part.
export { runConformance, runConformanceOn } from './run-conformance.js';
export { runClientConformance, type ClientConformanceOptions } from './run-client-conformance.js';
export type {
  CommandTarget,
  CommonRunOptions,
  ConformanceOptions,
  ConformanceRun,
  ConformanceTarget,
  InMemoryTarget,
  ScenarioSelection,
  UrlTarget,
} from './conformance-options.js';
export { ConformanceOptionsError } from './options-error.js';
export { ExitCode, type ExitCodeValue } from './exit-codes.js';
export { defaultConcurrency } from './default-concurrency.js';
export { openHttpTarget, type LiveHttpTarget } from './open-http-target.js';
export { type ReportSpec, type ReporterEntry } from './reporter-specs.js';
export { REFERENCE_SERVER_ENTRY } from './target-spec.js';
