/**
 * The package root, `mcp-conform`: run the conformance suites from code. `runConformance` tests a
 * server (a command, a URL or a mock server in this process), `runClientConformance` a client;
 * both return the result model the reporters read and the exit code the CLI would exit with.
 *
 * This file is a curated barrel: every name here is public API, recorded in `api/mcp-conform.api.md`
 * and checked by `npm test`. The mock kit is `mcp-conform/mocks`, the vitest adapter `mcp-conform/vitest`.
 *
 * @module
 */
export { runConformance, runClientConformance, ConformanceOptionsError, ExitCode } from '../api/index.js';
export type {
  ClientConformanceOptions,
  CommandTarget,
  CommonRunOptions,
  ConformanceOptions,
  ConformanceRun,
  ConformanceTarget,
  ExitCodeValue,
  InMemoryTarget,
  ReportSpec,
  ReporterEntry,
  ScenarioSelection,
  ToolSelection,
  UrlTarget,
} from '../api/index.js';
export type {
  AttemptStatus,
  BaselineEntry,
  BaselineOutcome,
  CellAttempt,
  CellRerun,
  CheckResult,
  CheckStatus,
  Direction,
  EndReason,
  FuzzResult,
  FuzzViolation,
  Level,
  Reporter,
  RuleRef,
  RunHeader,
  RunResult,
  RunSummary,
  ScenarioResult,
  ScenarioStatus,
  TargetInfo,
  TranscriptEntry,
} from '../wire/results/index.js';
export { REPORT_FORMATS, type ReportFormat, type ReporterOptions } from '../reports/index.js';
export { ScenarioLoadError, type ScenarioProblem } from '../runner/suite-loader/index.js';
export { REVISIONS, type Revision } from '../schema/revisions.js';
export type { JsonRpcMessage, JsonRpcRequest, RequestId } from '../wire/protocol/index.js';
export type { MockServer } from '../mocks/core/index.js';
