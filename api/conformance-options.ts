// The options of a programmatic run, in the words a test author uses; the CLI's flags map onto them
// one to one (see docs/api.md for the table).
import type { Revision } from '../schema/revisions.js';
import type { MockServer } from '../mocks/core/index.js';
import type { RunResult } from '../wire/results/index.js';
import type { ExitCodeValue } from './exit-codes.js';
import type { ReporterEntry } from './reporter-specs.js';

/** A stdio server the run starts once per cell; with `portEnv`, an HTTP server started once and tested over HTTP. */
export interface CommandTarget {
  /** The command line, split like a shell would split it and run without a shell. */
  command: string;
  cwd?: string;
  env?: Record<string, string>;
  /** The command is an HTTP server: its free port is given in this environment variable. */
  portEnv?: string;
  /** With `portEnv`: the endpoint (its port is replaced); default `http://127.0.0.1/mcp`. */
  url?: string;
  /** With `portEnv`: headers sent on every HTTP request. */
  headers?: Record<string, string>;
}

/** An HTTP server that is already running. */
export interface UrlTarget {
  /** The Streamable HTTP endpoint, or the SSE endpoint with `legacySse`. */
  url: string;
  /** Sent on every request, e.g. `{ Authorization: 'Bearer …' }`. */
  headers?: Record<string, string>;
  /** The 2024-11-05 HTTP+SSE transport (detected automatically when a POST of initialize is refused). */
  legacySse?: boolean;
}

/** A mock server in this process, tested through an in-memory transport: no process, no socket. */
export interface InMemoryTarget {
  server: MockServer;
  /** Shown in reports as the target (default `in-memory`). */
  description?: string;
}

/** What `runConformance` tests. */
export type ConformanceTarget = CommandTarget | UrlTarget | InMemoryTarget;

/** Which scenarios run; every filter that is given must match (values of one filter are alternatives). */
export interface ScenarioSelection {
  /** Scenario ids, id prefixes (`lifecycle/`) or globs (`tools/*`). */
  scenarios?: string[];
  /** Ids, prefixes or globs to leave out. */
  exclude?: string[];
  /** Areas, e.g. `lifecycle`. */
  areas?: string[];
  /** Tags from the closed vocabulary. */
  tags?: string[];
  /** Rule ids or rule id prefixes the scenarios enforce. */
  rules?: string[];
  /** Folders of scenario files to load instead of the bundled suites. */
  suiteDirs?: string[];
  /** Single scenario files to load (instead of the bundled suites, or beside `suiteDirs`). */
  scenarioFiles?: string[];
}

/** Options shared by server and client runs. */
export interface CommonRunOptions extends ScenarioSelection {
  /** Revisions to test; default: every revision the target accepts. */
  revisions?: Revision[];
  /** Cells run at once; default: the CPU count for processes, more for HTTP and in-memory targets. */
  concurrency?: number;
  /** Seed for generated values; printed in every report (default 1). */
  seed?: number;
  /** SHOULD-level findings fail the run (default false). */
  strict?: boolean;
  /**
   * Re-runs of a failed or errored cell, alone once every other cell has ended, before its verdict
   * is final (default 1; 0 turns them off; at most 3). A cell whose re-run passes is `flaky`.
   */
  retries?: number;
  /** A flaky cell fails the run (default false: it is reported and counted, and the run passes). */
  failOnFlaky?: boolean;
  /** An expected-failures file (YAML or JSON): listed failures do not fail the run; new failures and stale entries do. */
  baseline?: string;
  /** Reporter objects, or reports to build by format name (`{ format: 'junit', path: 'reports/mcp.xml' }`). Default: none. */
  reporters?: ReporterEntry[];
  /**
   * Longest message read from the target (or, in client mode, from the client), in bytes (default
   * 64 MiB, at most 256 MiB). mcp-conform's own resource limit, not a rule of MCP: a longer message
   * is not read and its cell is `errored` with a reason naming `--max-message-bytes`.
   */
  maxMessageBytes?: number;
  /** Aborting ends the run after the cells in flight; the result's `endReason` is then `interrupted`. */
  signal?: AbortSignal;
}

/**
 * Which of the target's tools scenarios (and the fuzzer) call. Calling a tool does what the tool
 * does, so by default only tools the server declares harmless are called (docs/running.md, "Which
 * tools are called").
 */
export interface ToolSelection {
  /**
   * `declared-safe` (default): only tools declared read-only (`readOnlyHint: true`) or
   * non-destructive (`destructiveHint: false`), and those named in `preferTools` or `toolArgs`.
   * `all`: any tool, e.g. on a test instance (the CLI's `--tools all`).
   */
  tools?: 'declared-safe' | 'all';
  /** Tools to pick first when a scenario picks a tool to call (`--tool`); naming one lets the run call it. */
  preferTools?: string[];
  /**
   * Arguments known to work, by tool name: one object or a list (`--tool-args`). A YAML or JSON file
   * path, or the object itself. Used instead of generated arguments; naming a tool lets the run call it.
   */
  toolArgs?: string | Record<string, Record<string, unknown> | Record<string, unknown>[]>;
}

/** Options of {@link runConformance}. */
export interface ConformanceOptions extends CommonRunOptions, ToolSelection {
  target: ConformanceTarget;
  /** Bound on every wait for the target, in ms (default 5000). */
  timeoutMs?: number;
  /** Capabilities the runner declares as the client, in the probe and in scenarios that declare none. */
  clientCapabilities?: Record<string, unknown>;
  /**
   * Stdio targets: start a process for every cell (default false: cells of read-only scenarios
   * take turns on shared processes, with the verdicts one process per cell gives).
   */
  isolate?: boolean;
}

/** What a run returns: the immutable result model and the exit code the CLI would exit with. */
export interface ConformanceRun {
  /** Every cell with its checks, the summary, and (with `baseline`) the baseline outcome. */
  result: RunResult;
  /** 0 conformant, 1 failures (or stale baseline entries), 3 target unavailable. */
  exitCode: ExitCodeValue;
}
