// The result model: plain, serialisable data produced by the engine and read by every reporter.
// Reporters import only this module (and reports/format); nothing here knows about transports.
import type { Revision } from '../../schema/revisions.js';

export type Level = 'MUST' | 'SHOULD' | 'MAY';

/** Verdict of a single check. `warning` is a broken SHOULD; `errored` means the target misbehaved
 * so badly (crash, hang, non-protocol output) that the check could not be judged. `runner-bug`
 * marks a message we sent that failed our own schema: never blamed on the target. */
export type CheckStatus = 'passed' | 'failed' | 'warning' | 'skipped' | 'info' | 'errored' | 'runner-bug';

/** Verdict of a scenario cell (scenario x revision x transport). `flaky`: the cell failed or errored,
 * and its re-run alone (`--retries`) passed or found nothing to judge: the verdict depends on the run. */
export type ScenarioStatus = 'passed' | 'failed' | 'skipped' | 'errored' | 'flaky';

/** The verdict one attempt at a cell reached on its own (an attempt is never flaky). */
export type AttemptStatus = Exclude<ScenarioStatus, 'flaky'>;

/** One re-run of a failed or errored cell, alone, after the other cells (`--retries`). */
export interface CellAttempt {
  status: AttemptStatus;
  skipReason?: string;
  errorReason?: string;
  durationMs: number;
  /**
   * True when the re-run errored in mcp-conform itself (a runner bug): it says nothing about the
   * target, so the first verdict stands.
   */
  inconclusive?: boolean;
  /** The re-run's checks, transcript and stderr, kept when its verdict differed from the first. */
  checks?: CheckResult[];
  transcript?: TranscriptEntry[];
  stderr?: string[];
}

/** How a failed or errored cell fared when re-run alone. */
export interface CellRerun {
  /** The first attempt's verdict; the cell's own checks, transcript and stderr are that attempt's. */
  first: 'failed' | 'errored';
  /** The re-runs, in order (one by default). */
  attempts: CellAttempt[];
}

export interface RuleRef {
  id: string;
  level: Level;
  /** Spec section title or anchor, e.g. "Lifecycle / Version Negotiation". */
  section: string;
  url: string;
  summary: string;
}

export type Direction = 'send' | 'recv' | 'stderr' | 'note';

export interface TranscriptEntry {
  seq: number;
  /** Milliseconds since the cell started. */
  t: number;
  dir: Direction;
  /** The exact text on the wire (or stderr line, or a note); may be truncated with a marker. */
  text: string;
}

export interface CheckResult {
  /** Stable check id, e.g. "lifecycle/initialize-echoes-version#3" or "always/stdout-is-json-rpc". */
  id: string;
  rule: RuleRef;
  status: CheckStatus;
  /** One line: what was observed, phrased as a finding. */
  message: string;
  expected?: string;
  actual?: string;
  /** JSON pointer into the offending message, for schema and match failures. */
  pointer?: string;
  /** Transcript sequence numbers that show the exchange behind this check. */
  evidence?: number[];
  hints?: string[];
}

export interface ScenarioResult {
  id: string;
  title: string;
  area: string;
  revision: Revision;
  transport: string;
  status: ScenarioStatus;
  /** Why the cell was skipped (not applicable revision, capability not advertised, filtered). */
  skipReason?: string;
  /** Why the cell errored (target crashed, never answered, could not start). */
  errorReason?: string;
  durationMs: number;
  checks: CheckResult[];
  transcript: TranscriptEntry[];
  stderr: string[];
  /** One command that reruns exactly this cell. */
  repro: string;
  tags: string[];
  /** Set when the run is measured against a baseline (--baseline) and the cell failed or errored:
   * `expected` when entries cover every failing check (the gate accepts it), `new` otherwise. */
  baseline?: CellBaseline;
  /** Set when the cell failed or errored and was re-run alone (`--retries`, 1 by default): the
   * re-run confirmed the verdict, or differed and made the cell `flaky`. */
  rerun?: CellRerun;
}

/** How a failed or errored cell measured against the baseline; reporters mark expected ones as such. */
export type CellBaseline = { status: 'expected'; reason: string } | { status: 'new' };

export interface TargetInfo {
  kind: 'stdio' | 'http' | 'sse' | 'in-memory';
  command?: string;
  url?: string;
  cwd?: string;
  /** serverInfo reported by the target, per revision it accepted. */
  serverInfo?: Record<string, unknown>;
  /** Revisions the target accepted during probing (of those probed: see `probedRevisions`). */
  acceptedRevisions?: Revision[];
  /**
   * The revisions probed, when not every known one was: a run narrowed with --revision whose
   * scenarios never read the full accepted set probes only the revisions it tests.
   */
  probedRevisions?: Revision[];
}

export interface RunSummary {
  scenarios: number;
  passed: number;
  failed: number;
  skipped: number;
  errored: number;
  /** Cells whose re-run alone did not agree with their first attempt (never counted as failed). */
  flaky: number;
  warnings: number;
  durationMs: number;
}

export type EndReason = 'passed' | 'failed' | 'interrupted' | 'target-unavailable';

export interface RunHeader {
  tool: { name: string; version: string };
  target: TargetInfo;
  revisions: Revision[];
  startedAt: string;
  strict: boolean;
  seed?: number;
  /** Number of cells planned, for progress display. */
  planned: number;
  /** True when a fuzz result will follow the cells (reporters that plan ahead, like TAP, count it). */
  fuzzPlanned?: boolean;
  /** Present when the run is measured against a baseline (--baseline); the outcome follows at the end. */
  baselineFile?: string;
  /** How many times a failed or errored cell is re-run alone before its verdict is final (`--retries`). */
  retries?: number;
  /** `--fail-on-flaky`: a flaky cell fails the run (by default it does not). */
  failOnFlaky?: boolean;
}

/** One entry of an expected-failures baseline file (schema/scenario/expected-failures.schema.json).
 * `rule` and a named `check` are stable; a `check` that is a step number (the form written before
 * rules keyed entries) still matches but shifts when the scenario is edited. */
export interface BaselineEntry {
  scenario: string;
  revision?: string;
  transport?: string;
  rule?: string;
  check?: string;
  reason: string;
}

/** How a run measured against a baseline: which failures it expected, which are new, which entries no longer fail. */
export interface BaselineOutcome {
  file: string;
  /** Failed or errored cells every failing check of which an entry covers. */
  expected: { id: string; revision: string; transport: string; reason: string }[];
  /** Failed or errored cells with a failure no entry covers: these fail the run. */
  unexpected: { id: string; revision: string; transport: string }[];
  /** Entries that matched no failure although a cell they name ran and the check they name passed:
   * fixed, or the entry is wrong. These fail the run too. */
  stale: BaselineEntry[];
  /** Entries whose cells this run did not exercise (filtered out, skipped, or errored before the
   * check): neither used nor stale, so one baseline can serve a CI run split by area or revision. */
  notRun: BaselineEntry[];
  /** Entries keyed by a step number, which shifts when the scenario is edited: re-record them. */
  positional: BaselineEntry[];
}

/** A property the fuzzer saw broken, with the rule it cites. */
export interface FuzzViolation {
  rule: RuleRef;
  /** Short name of the property, e.g. `exactly-once`, `no-server-error`. */
  property: string;
  detail: string;
}

/** The fuzzing part of a run (`--fuzz`, or `mcp-conform fuzz` with --report): plain data for reporters. */
export interface FuzzResult {
  seed: number;
  revision: Revision;
  /** Most inputs asked for (--runs). */
  runs: number;
  /** Inputs executed while searching. */
  cases: number;
  durationMs: number;
  casesPerSecond: number;
  /** True when the time budget ended the search before `runs` inputs. */
  interrupted: boolean;
  /** `failed` when a property stopped the search (MUST-level, or any under --strict). */
  status: 'passed' | 'failed';
  /** The command that repeats the search (seed and options). */
  replay: string;
  failure?: {
    /** What the shrunk input is, e.g. "a request without Content-Type". */
    input: string;
    violations: FuzzViolation[];
    /** False when the shrunk input broke nothing on a fresh target (it depends on earlier inputs); `violations` are then those of the search. */
    reproducible: boolean;
    /** fast-check's replay path of the counterexample. */
    path: string;
    shrinks: number;
    /** The scenario file the counterexample was saved to, and the command that replays it. */
    counterexample?: string;
    reproduce?: string;
    transcript: TranscriptEntry[];
  };
  /** Violations that did not stop the search (SHOULD-level), first input and count per rule. */
  warnings: (FuzzViolation & { input: string; count: number })[];
}

export interface RunResult extends RunHeader {
  summary: RunSummary;
  scenarios: ScenarioResult[];
  endReason: EndReason;
  /** Present when the run fuzzed the target after its cells (--fuzz), or was a fuzz run. */
  fuzz?: FuzzResult;
  /** Problems that prevented testing at all (e.g. the target never answered). */
  fatal?: string;
  /** Present when the run was measured against an expected-failures baseline (--baseline). */
  baseline?: BaselineOutcome;
}

/** Reporter hooks; all optional. Reporters must not mutate what they receive. */
export interface Reporter {
  onRunStart?(header: RunHeader): void | Promise<void>;
  onScenarioStart?(cell: { id: string; revision: Revision; transport: string; index: number }): void | Promise<void>;
  onScenarioEnd?(result: ScenarioResult, progress: { done: number; planned: number }): void | Promise<void>;
  onRunEnd?(run: RunResult): void | Promise<void>;
}
