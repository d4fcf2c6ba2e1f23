// TAP version 14: the plan up front when the cell count is known, one test point per cell as it
// ends, a YAML diagnostic under every failure, error and warning, and Bail out! for a cut-short run.
//
// Warnings (broken SHOULDs) are `ok` points with a diagnostic whose severity is "warning". We do
// not use `# TODO` for them: TODO declares a point whose failure is expected, and harnesses treat
// its result as unimportant either way, whereas a warning is a real finding about the target that
// merely does not fail the run. Under --strict the cell fails and the point is `not ok`.
//
// That is exactly what a failure the baseline accepts is, though: with --baseline such a cell is
// `not ok ... # TODO expected failure (baseline): <reason>`, so a TAP consumer agrees with the exit
// code, and one more point at the end is the baseline's own verdict (`not ok` for stale entries).
import { Scalar, stringify } from 'yaml';
import type { CheckResult, FuzzResult, FuzzViolation, Reporter, RunHeader, RunResult, ScenarioResult } from '../../wire/results/index.js';
import type { BaselineEntry, BaselineOutcome } from '../../wire/results/index.js';
import { baselineNote, cellFindings, cellLabel, createStyle, firstVerdict, printable, renderTranscript, rerunNote, type OutputSink } from '../format/index.js';

const PLAIN = createStyle(false);

/** TAP reserves `#` (directives) and `\` (escapes) in descriptions, and a point is one line. */
export function tapEscape(text: string): string {
  return printable(text).replace(/\\/g, '\\\\').replace(/#/g, '\\#');
}

function renderTapPoint(n: number, cell: ScenarioResult, strict: boolean, failOnFlaky = false): string {
  const flaky = cell.status === 'flaky' ? rerunNote(cell) : undefined;
  const name = `${n} - ${tapEscape(cellLabel(cell))}${flaky ? ` ${tapEscape(`(${flaky})`)}` : ''}`;
  if (cell.status === 'skipped') return `ok ${name} # SKIP ${tapEscape(cell.skipReason ?? 'no reason given')}\n`;
  // A flaky cell passed when re-run alone: `ok` unless --fail-on-flaky, with both attempts in its diagnostic.
  const ok = cell.status === 'passed' || (cell.status === 'flaky' && !failOnFlaky);
  const diagnostic = diagnosticOf(cell, strict);
  const note = baselineNote(cell);
  const todo = note ? ` # TODO ${tapEscape(note)}` : '';
  return `${ok ? 'ok' : 'not ok'} ${name}${todo}\n${diagnostic ? yamlBlock(diagnostic) : ''}`;
}

/** The baseline's own verdict as a point: `not ok` when an entry is stale (a cell it names ran and
 * passed), which fails the run; new failures are already `not ok` points of their own. */
function renderBaselinePoint(n: number, outcome: BaselineOutcome): string {
  const entry = (e: BaselineEntry) => ({
    scenario: e.scenario,
    ...(e.revision ? { revision: e.revision } : {}),
    ...(e.transport ? { transport: e.transport } : {}),
    ...(e.rule ? { rule: e.rule } : {}),
    ...(e.check ? { check: e.check } : {}),
    reason: e.reason,
  });
  const stale = outcome.stale.length;
  const name = `${n} - ${tapEscape(`baseline ${outcome.file}: ${stale === 0 ? 'no stale entries' : `${stale} stale ${stale === 1 ? 'entry' : 'entries'}`}`)}`;
  const diagnostic: Diagnostic = {
    ...(stale > 0
      ? { message: 'these entries name cells that ran and passed: delete them from the baseline', severity: 'fail', stale: outcome.stale.map(entry) }
      : {}),
    expected: outcome.expected.length,
    new: outcome.unexpected.map((c) => cellLabel(c as Pick<ScenarioResult, 'id' | 'revision' | 'transport'>)),
    ...(outcome.notRun.length > 0 ? { not_run: outcome.notRun.map(entry) } : {}),
  };
  return `${stale > 0 ? 'not ok' : 'ok'} ${name}\n${yamlBlock(diagnostic)}`;
}

type Diagnostic = Record<string, unknown>;

function diagnosticOf(cell: ScenarioResult, strict: boolean): Diagnostic | undefined {
  const f = cellFindings(cell, strict);
  const checks = [...f.errors, ...f.failures, ...f.warnings];
  if (cell.status === 'passed' && f.warnings.length === 0) return undefined;
  const [first, ...rest] = checks;
  const severity = (c: CheckResult) => (f.errors.includes(c) ? 'error' : f.failures.includes(c) ? 'fail' : 'warning');
  const errored = firstVerdict(cell) === 'errored';
  const head: Diagnostic = errored
    ? { message: cell.errorReason ?? first?.message ?? 'the target misbehaved', severity: first?.status === 'runner-bug' ? 'runner-bug' : 'error' }
    : { message: first?.message ?? 'the cell failed', severity: first ? severity(first) : 'fail' };
  return {
    ...head,
    // An errored cell's message is why it errored; the check behind it keeps its own words.
    ...(first && errored && first.message !== head.message ? { finding: first.message } : {}),
    ...(first ? findingFields(cell, first, false) : {}),
    ...(rest.length > 0 ? { more: rest.map((c) => ({ severity: severity(c), ...findingFields(cell, c, true) })) } : {}),
    ...(errored && cell.stderr.length > 0 ? { stderr: cell.stderr.slice(-10) } : {}),
    ...(cell.rerun ? { rerun: rerunFields(cell) } : {}),
    repro: cell.repro,
    duration_ms: cell.durationMs,
  };
}

/** The re-runs alone of a failed or errored cell: the verdict of each, and the exchange of one that differed. */
function rerunFields(cell: ScenarioResult): Diagnostic {
  const rerun = cell.rerun!;
  return {
    first: rerun.first,
    note: rerunNote(cell) ?? '',
    attempts: rerun.attempts.map((a) => ({
      status: a.status,
      ...(a.inconclusive ? { inconclusive: true } : {}),
      ...(a.errorReason ? { reason: a.errorReason } : a.skipReason ? { reason: a.skipReason } : {}),
      duration_ms: a.durationMs,
      ...(a.transcript ? { exchange: renderTranscript(a.transcript, { style: PLAIN, maxText: 200 }) } : {}),
    })),
  };
}

function findingFields(cell: ScenarioResult, check: CheckResult, withMessage: boolean): Diagnostic {
  return {
    ...(withMessage ? { message: check.message } : {}),
    rule: check.rule.id,
    level: check.rule.level,
    section: check.rule.section,
    url: check.rule.url,
    check: check.id,
    ...(check.expected !== undefined ? { expected: check.expected } : {}),
    ...(check.actual !== undefined ? { actual: check.actual } : {}),
    ...(check.pointer !== undefined ? { pointer: check.pointer } : {}),
    exchange: renderTranscript(cell.transcript, { ...(check.evidence ? { evidence: check.evidence } : {}), style: PLAIN, maxText: 200 }),
    ...(check.hints?.length ? { hints: check.hints } : {}),
  };
}

/** The fuzz result as one more point: `not ok` when a property stopped the search, warnings in its diagnostic. */
function renderFuzzPoint(n: number, fuzz: FuzzResult): string {
  const name = `${n} - ${tapEscape(`fuzz [${fuzz.revision}] seed ${fuzz.seed}: ${fuzz.cases} inputs`)}`;
  const failure = fuzz.failure;
  const violation = (v: FuzzViolation): Diagnostic => ({
    rule: v.rule.id,
    level: v.rule.level,
    section: v.rule.section,
    url: v.rule.url,
    property: v.property,
    actual: v.detail,
  });
  const warnings = fuzz.warnings.map((w) => ({ severity: 'warning', ...violation(w), input: w.input, count: w.count }));
  if (fuzz.status === 'passed' && warnings.length === 0) return `ok ${name}\n`;
  const diagnostic: Diagnostic = {
    ...(failure && fuzz.status === 'failed'
      ? {
          message: `property failed: ${failure.input}`,
          severity: 'fail',
          ...violation(failure.violations[0]!),
          ...(failure.violations.length > 1 ? { more: failure.violations.slice(1).map(violation) } : {}),
          input: failure.input,
          reproducible: failure.reproducible,
          path: failure.path,
          ...(failure.counterexample !== undefined ? { counterexample: failure.counterexample } : {}),
          exchange: renderTranscript(failure.transcript, { style: PLAIN, maxText: 200 }),
          ...(failure.reproduce !== undefined ? { repro: failure.reproduce } : {}),
        }
      : { message: `${warnings.length} SHOULD-level ${warnings.length === 1 ? 'property' : 'properties'} broken`, severity: 'warning' }),
    ...(warnings.length > 0 ? { warnings } : {}),
    replay: fuzz.replay,
    duration_ms: fuzz.durationMs,
  };
  return `${fuzz.status === 'failed' ? 'not ok' : 'ok'} ${name}\n${yamlBlock(diagnostic)}`;
}

/**
 * Characters YAML may not carry raw (DEL and the C1 controls are outside its printable set, NEL
 * reads as a line break to YAML 1.1 parsers) and lone surrogates (not encodable as UTF-8). The yaml
 * library writes them as they are, so strings holding them are forced into double quotes, where
 * the `\uXXXX` escape written in their place is read back as the same character.
 */
const YAML_UNPRINTABLE = /[\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function doubleQuoteUnprintable(value: unknown): unknown {
  if (typeof value === 'string') {
    YAML_UNPRINTABLE.lastIndex = 0;
    if (!YAML_UNPRINTABLE.test(value)) return value;
    const node = new Scalar(value);
    node.type = Scalar.QUOTE_DOUBLE;
    return node;
  }
  if (Array.isArray(value)) return value.map(doubleQuoteUnprintable);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, doubleQuoteUnprintable(v)]));
  return value;
}

function yamlBlock(data: Diagnostic): string {
  const body = stringify(doubleQuoteUnprintable(data), { lineWidth: 0 })
    .replace(YAML_UNPRINTABLE, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .trimEnd()
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');
  return `  ---\n${body}\n  ...\n`;
}

function headerComment(header: RunHeader): string {
  const target = header.target.command ?? header.target.url ?? header.target.kind;
  return `# ${header.tool.name} ${header.tool.version}, target ${tapEscape(target)}, revisions ${header.revisions.join(' ') || 'none accepted'}${header.seed !== undefined ? `, seed ${header.seed}` : ''}${header.strict ? ', strict' : ''}\n`;
}

export function renderTapReport(run: RunResult): string {
  const writer = new TapWriter();
  let out = writer.start(run);
  for (const cell of run.scenarios) out += writer.point(cell, run.strict);
  return out + writer.end(run);
}

/** The stateful part shared by the streaming reporter and the one-shot renderer. */
class TapWriter {
  private started = false;
  private planWritten = false;
  private count = 0;
  private strict = false;
  private baselinePlanned = false;
  private failOnFlaky = false;

  start(header: RunHeader): string {
    if (this.started) return '';
    this.started = true;
    this.strict = header.strict;
    this.failOnFlaky = header.failOnFlaky === true;
    let out = `TAP version 14\n${headerComment(header)}`;
    // With no cells planned we wait: the end decides between an empty plan and a bail-out.
    // A run handed over whole (attached only for its end) carries the outcome instead of the file.
    this.baselinePlanned = header.baselineFile !== undefined || (header as Partial<RunResult>).baseline !== undefined;
    const points = header.planned + (header.fuzzPlanned ? 1 : 0) + (this.baselinePlanned ? 1 : 0);
    if (points > 0) {
      out += `1..${points}\n`;
      this.planWritten = true;
    }
    return out;
  }

  point(cell: ScenarioResult, strict = this.strict): string {
    return renderTapPoint(++this.count, cell, strict, this.failOnFlaky);
  }

  end(run: RunResult): string {
    let out = this.start(run);
    if (this.count === 0) for (const cell of run.scenarios) out += this.point(cell, run.strict);
    const s = run.summary;
    const totals = `# ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped, ${s.errored} errored, ${s.flaky > 0 ? `${s.flaky} flaky, ` : ''}${s.warnings} ${s.warnings === 1 ? 'warning' : 'warnings'}\n`;
    if (run.endReason === 'target-unavailable') {
      return `${out}Bail out! ${tapEscape(run.fatal?.split('\n')[0] ?? 'the target is unavailable')}\n`;
    }
    if (run.endReason === 'interrupted' || (this.planWritten && this.count < run.planned)) {
      return `${out}${totals}Bail out! Interrupted after ${this.count} of ${run.planned} planned cells\n`;
    }
    if (run.fuzz) out += renderFuzzPoint(++this.count, run.fuzz);
    else if (run.fuzzPlanned) out += `ok ${++this.count} - fuzz # SKIP the fuzzer could not use the target\n`;
    if (run.baseline) out += renderBaselinePoint(++this.count, run.baseline);
    else if (this.baselinePlanned) out += `ok ${++this.count} - baseline # SKIP the run ended before the baseline was measured\n`;
    if (!this.planWritten) out += `1..${this.count}\n`;
    return out + totals;
  }
}

export class TapReporter implements Reporter {
  private readonly writer = new TapWriter();

  constructor(private readonly sink: OutputSink) {}

  onRunStart(header: RunHeader): void {
    this.sink.write(this.writer.start(header));
  }

  onScenarioEnd(result: ScenarioResult): void {
    this.sink.write(this.writer.point(result));
  }

  async onRunEnd(run: RunResult): Promise<void> {
    this.sink.write(this.writer.end(run));
    await this.sink.close();
  }
}
