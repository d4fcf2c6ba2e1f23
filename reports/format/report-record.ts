// The machine-readable shape of a run shared by the JSON and JSON Lines reports (DESIGN rule 8),
// described by schema/report/*.schema.json: a header, one record per cell, a footer.
import type {
  BaselineOutcome,
  CellAttempt,
  CellBaseline,
  CellRerun,
  CheckResult,
  CheckStatus,
  EndReason,
  FuzzResult,
  FuzzViolation,
  Level,
  RunHeader,
  RunResult,
  RunSummary,
  ScenarioResult,
  ScenarioStatus,
  TargetInfo,
  TranscriptEntry,
} from '../../wire/results/index.js';
import type { Revision } from '../../schema/revisions.js';

/** Bumped on any change a reader of an older report would trip over. */
export const REPORT_FORMAT_VERSION = 2;

interface ReportCheck {
  id: string;
  /** The rule id; the rule's other facts are flattened next to it for easy querying. */
  rule: string;
  level: Level;
  status: CheckStatus;
  message: string;
  expected?: string;
  actual?: string;
  pointer?: string;
  section: string;
  url: string;
  summary: string;
  evidence?: number[];
  hints?: string[];
}

export interface ReportScenario {
  id: string;
  title: string;
  area: string;
  revision: Revision;
  transport: string;
  status: ScenarioStatus;
  skipReason?: string;
  errorReason?: string;
  durationMs: number;
  repro: string;
  tags: string[];
  checks: ReportCheck[];
  /** Complete, unlike the windows in human reports (DESIGN rule 5c). */
  transcript: TranscriptEntry[];
  stderr: string[];
  /** With --baseline, on a failed or errored cell: whether the baseline accepts it. */
  baseline?: CellBaseline;
  /** A failed or errored cell re-run alone (--retries): its first verdict and each re-run. */
  rerun?: ReportRerun;
}

interface ReportAttempt extends Omit<CellAttempt, 'checks'> {
  checks?: ReportCheck[];
}

interface ReportRerun {
  first: CellRerun['first'];
  attempts: ReportAttempt[];
}

export interface ReportHeader {
  formatVersion: typeof REPORT_FORMAT_VERSION;
  tool: { name: string; version: string };
  target: TargetInfo;
  revisions: Revision[];
  startedAt: string;
  strict: boolean;
  seed?: number;
  planned: number;
  retries?: number;
  failOnFlaky?: boolean;
}

/** A fuzz violation with its rule's facts flattened, like a check's. */
interface ReportFuzzViolation {
  rule: string;
  level: Level;
  section: string;
  url: string;
  summary: string;
  property: string;
  detail: string;
}

/** The fuzz result as the model has it, with every violation's rule flattened like a check's. */
type ReportFuzz = Omit<FuzzResult, 'failure' | 'warnings'> & {
  failure?: Omit<NonNullable<FuzzResult['failure']>, 'violations'> & { violations: ReportFuzzViolation[] };
  warnings: (ReportFuzzViolation & { input: string; count: number })[];
};

export interface ReportFooter {
  endReason: EndReason;
  /** With --baseline: expected, new, stale and not-run entries (the JSON Lines footer carries it too). */
  baseline?: BaselineOutcome;
  fatal?: string;
  summary: RunSummary;
  /** The fuzzing that followed the cells (--fuzz), or the whole of a `mcp-conform fuzz` run. */
  fuzz?: ReportFuzz;
}

export interface ReportDocument extends ReportHeader, ReportFooter {
  scenarios: ReportScenario[];
}

export type ReportLine = ({ type: 'header' } & ReportHeader) | ({ type: 'scenario' } & ReportScenario) | ({ type: 'footer' } & ReportFooter);

export function headerRecord(header: RunHeader): ReportHeader {
  return {
    formatVersion: REPORT_FORMAT_VERSION,
    tool: { name: header.tool.name, version: header.tool.version },
    target: structuredClone(header.target),
    revisions: [...header.revisions],
    startedAt: header.startedAt,
    strict: header.strict,
    ...(header.seed !== undefined ? { seed: header.seed } : {}),
    planned: header.planned,
    ...(header.retries !== undefined ? { retries: header.retries } : {}),
    ...(header.failOnFlaky ? { failOnFlaky: true } : {}),
  };
}

function checkRecord(check: CheckResult): ReportCheck {
  return {
    id: check.id,
    rule: check.rule.id,
    level: check.rule.level,
    status: check.status,
    message: check.message,
    ...(check.expected !== undefined ? { expected: check.expected } : {}),
    ...(check.actual !== undefined ? { actual: check.actual } : {}),
    ...(check.pointer !== undefined ? { pointer: check.pointer } : {}),
    section: check.rule.section,
    url: check.rule.url,
    summary: check.rule.summary,
    ...(check.evidence ? { evidence: [...check.evidence] } : {}),
    ...(check.hints ? { hints: [...check.hints] } : {}),
  };
}

export function scenarioRecord(cell: ScenarioResult): ReportScenario {
  return {
    id: cell.id,
    title: cell.title,
    area: cell.area,
    revision: cell.revision,
    transport: cell.transport,
    status: cell.status,
    ...(cell.skipReason !== undefined ? { skipReason: cell.skipReason } : {}),
    ...(cell.errorReason !== undefined ? { errorReason: cell.errorReason } : {}),
    durationMs: cell.durationMs,
    repro: cell.repro,
    tags: [...cell.tags],
    checks: cell.checks.map(checkRecord),
    transcript: cell.transcript.map(transcriptRecord),
    stderr: [...cell.stderr],
    ...(cell.baseline ? { baseline: { ...cell.baseline } } : {}),
    ...(cell.rerun ? { rerun: { first: cell.rerun.first, attempts: cell.rerun.attempts.map(attemptRecord) } } : {}),
  };
}

function attemptRecord(a: CellAttempt): ReportAttempt {
  return {
    status: a.status,
    ...(a.skipReason !== undefined ? { skipReason: a.skipReason } : {}),
    ...(a.errorReason !== undefined ? { errorReason: a.errorReason } : {}),
    durationMs: a.durationMs,
    ...(a.inconclusive ? { inconclusive: true } : {}),
    ...(a.checks ? { checks: a.checks.map(checkRecord) } : {}),
    ...(a.transcript ? { transcript: a.transcript.map(transcriptRecord) } : {}),
    ...(a.stderr ? { stderr: [...a.stderr] } : {}),
  };
}

export function footerRecord(run: Pick<RunResult, 'endReason' | 'fatal' | 'summary' | 'fuzz' | 'baseline'>): ReportFooter {
  return {
    endReason: run.endReason,
    ...(run.fatal !== undefined ? { fatal: run.fatal } : {}),
    summary: { ...run.summary },
    ...(run.fuzz ? { fuzz: fuzzRecord(run.fuzz) } : {}),
    ...(run.baseline ? { baseline: structuredClone(run.baseline) } : {}),
  };
}

function violationRecord(v: FuzzViolation): ReportFuzzViolation {
  return { rule: v.rule.id, level: v.rule.level, section: v.rule.section, url: v.rule.url, summary: v.rule.summary, property: v.property, detail: v.detail };
}

function fuzzRecord(fuzz: FuzzResult): ReportFuzz {
  const { failure, warnings, ...rest } = fuzz;
  return {
    ...rest,
    ...(failure ? { failure: { ...failure, violations: failure.violations.map(violationRecord), transcript: failure.transcript.map(transcriptRecord) } } : {}),
    warnings: warnings.map((w) => ({ ...violationRecord(w), input: w.input, count: w.count })),
  };
}

/** Only the members the report schema names: a transcript entry may carry more in memory. */
function transcriptRecord(e: TranscriptEntry): TranscriptEntry {
  return { seq: e.seq, t: e.t, dir: e.dir, text: e.text };
}

export function reportDocument(run: RunResult): ReportDocument {
  return { ...headerRecord(run), ...footerRecord(run), scenarios: run.scenarios.map(scenarioRecord) };
}
