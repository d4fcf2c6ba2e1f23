// JUnit XML in the classic shape GitLab, Jenkins and GitHub test reporters read: one <testsuite>
// per area, one <testcase> per cell, the finding's blocks (b)–(d) as the failure body. The output
// stays inside the strict JUnit schema most consumers validate against (junit-schema.xsd beside this
// file, checked by a test): no <properties> inside <testcase>, no skipped/timestamp on <testsuites>.
//
// Choices, documented in reports/README.md:
// - warnings (broken SHOULDs) are not failures unless --strict: their explanation goes to the
//   testcase's <system-out>;
// - a failure the baseline accepts is <skipped> with "expected failure (baseline): <reason>", its
//   explanation in <system-out>, so test-report steps agree with the exit code; a `baseline`
//   testsuite carries the baseline's own verdict (a <failure> for stale entries);
// - a finding seen in many cells says "one defect seen in N cells" in its failure message;
// - a suite's time is the sum of its cells' durations capped at the run's wall time, since cells run
//   concurrently and no suite can take longer than the run;
// - a run that never started or was interrupted gets one synthetic testcase with an <error>, so a
//   CI job never shows a green report for a run that did not finish.
import type { BaselineOutcome, CheckResult, FuzzResult, FuzzViolation, Reporter, RunResult, ScenarioResult } from '../../wire/results/index.js';
import {
  baselineNote,
  cellFindings,
  cellLabel,
  createStyle,
  groupRepeatedFindings,
  renderCellExplanation,
  rerunNote,
  repeatedPhrase,
  seconds,
  type OutputSink,
  type RepeatedFindings,
} from '../format/index.js';
import { renderXml, type XmlElement } from './xml.js';

export interface JunitOptions {
  /** Template for testcase names; default `<scenario id> [<revision>]` plus ` (<transport>)` off stdio. */
  caseName?: (cell: ScenarioResult) => string;
}

const PLAIN = createStyle(false);
const BODY_MAX_TEXT = 200;
const LEVEL_ORDER = { MUST: 0, SHOULD: 1, MAY: 2 } as const;

interface Counts {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
  time: number;
}

export function renderJunitReport(run: RunResult, options: JunitOptions = {}): string {
  const caseName = options.caseName ?? cellLabel;
  const timestamp = run.startedAt.replace(/\.\d+Z$|Z$/, '');
  // The run's wall time: the cells, then the fuzzing that follows them (--fuzz). A fuzz-only run
  // (`mcp-conform fuzz --report`) has no cells, and its summary already is the fuzzing's time.
  const wallMs = run.summary.durationMs + (run.fuzz && run.scenarios.length > 0 ? run.fuzz.durationMs : 0);
  const byArea = new Map<string, ScenarioResult[]>();
  for (const cell of run.scenarios) byArea.set(cell.area, [...(byArea.get(cell.area) ?? []), cell]);
  const repeated = groupRepeatedFindings(run.scenarios, run.strict);

  const suites: { element: XmlElement; counts: Counts }[] = [];
  for (const [area, cells] of byArea) {
    const counts: Counts = { tests: 0, failures: 0, errors: 0, skipped: 0, time: 0 };
    const cases = cells.map((cell) => {
      counts.tests++;
      counts.time += cell.durationMs;
      if (cell.status === 'skipped' || baselineNote(cell)) counts.skipped++;
      else if (cell.status === 'failed') counts.failures++;
      else if (cell.status === 'errored') counts.errors++;
      else if (cell.status === 'flaky' && run.failOnFlaky) counts.failures++;
      return testcase(cell, caseName(cell), run, repeated);
    });
    counts.time = Math.min(counts.time, wallMs);
    suites.push({ element: suite(area, counts, timestamp, runProperties(run), cases), counts });
  }
  if (run.fuzz) {
    const counts: Counts = { tests: 1, failures: run.fuzz.status === 'failed' ? 1 : 0, errors: 0, skipped: 0, time: run.fuzz.durationMs };
    suites.push({ element: suite('fuzz', counts, timestamp, runProperties(run), [fuzzTestcase(run.fuzz)]), counts });
  }
  if (run.baseline) {
    const counts: Counts = { tests: 1, failures: run.baseline.stale.length > 0 ? 1 : 0, errors: 0, skipped: 0, time: 0 };
    suites.push({ element: suite('baseline', counts, timestamp, runProperties(run), [baselineTestcase(run.baseline)]), counts });
  }
  const synthetic = runProblem(run);
  if (synthetic) {
    const counts: Counts = { tests: 1, failures: 0, errors: 1, skipped: 0, time: 0 };
    suites.push({ element: suite('mcp-conform', counts, timestamp, runProperties(run), [synthetic]), counts });
  }
  const total = suites.reduce<Counts>(
    (t, s) => ({
      tests: t.tests + s.counts.tests,
      failures: t.failures + s.counts.failures,
      errors: t.errors + s.counts.errors,
      skipped: t.skipped + s.counts.skipped,
      time: 0,
    }),
    { tests: 0, failures: 0, errors: 0, skipped: 0, time: 0 },
  );
  return renderXml({
    name: 'testsuites',
    attrs: [
      ['name', run.tool.name],
      ['tests', total.tests],
      ['failures', total.failures],
      ['errors', total.errors],
      ['time', seconds(wallMs)],
    ],
    children: suites.map((s) => s.element),
  });
}

function suite(name: string, c: Counts, timestamp: string, properties: XmlElement, cases: XmlElement[]): XmlElement {
  return {
    name: 'testsuite',
    attrs: [
      ['name', name],
      ['tests', c.tests],
      ['failures', c.failures],
      ['errors', c.errors],
      ['skipped', c.skipped],
      ['time', seconds(c.time)],
      ['timestamp', timestamp],
    ],
    children: [properties, ...cases],
  };
}

function property(name: string, value: string): XmlElement {
  return {
    name: 'property',
    attrs: [
      ['name', name],
      ['value', value],
    ],
  };
}

function runProperties(run: RunResult): XmlElement {
  return {
    name: 'properties',
    children: [
      property('tool', `${run.tool.name} ${run.tool.version}`),
      property('target', run.target.command ?? run.target.url ?? run.target.kind),
      property('revisions', run.revisions.join(' ')),
      property('strict', String(run.strict)),
      ...(run.seed !== undefined ? [property('seed', String(run.seed))] : []),
      ...(run.baseline ? [property('baseline', run.baseline.file)] : []),
      ...(run.retries !== undefined ? [property('retries', String(run.retries))] : []),
      // The strict schema has no flaky count on a suite: the run's count is a property.
      ...(run.summary.flaky > 0 ? [property('flaky', String(run.summary.flaky))] : []),
    ],
  };
}

function testcase(cell: ScenarioResult, name: string, run: Pick<RunResult, 'strict' | 'failOnFlaky'>, repeated: RepeatedFindings): XmlElement {
  const strict = run.strict;
  const findings = cellFindings(cell, strict);
  const children: XmlElement[] = [];
  const expected = baselineNote(cell);
  if (cell.status === 'skipped') {
    children.push({ name: 'skipped', attrs: [['message', cell.skipReason ?? 'no reason given']] });
  } else if (cell.status === 'errored') {
    const first = findings.errors[0];
    const runnerBug = findings.errors.some((c) => c.status === 'runner-bug');
    const message = cell.errorReason ?? (first ? headline(first, repeated) : 'the target misbehaved');
    const text = body(cell, [...findings.errors, ...findings.failures, ...findings.warnings]);
    if (expected) children.push({ name: 'skipped', attrs: [['message', `${expected} — ${message}`]] }, { name: 'system-out', text });
    else
      children.push({
        name: 'error',
        attrs: [
          ['message', message],
          ['type', runnerBug ? 'runner-bug' : 'errored'],
        ],
        text,
      });
  } else if (cell.status === 'failed') {
    const failures = [...findings.failures].sort((a, b) => LEVEL_ORDER[a.rule.level] - LEVEL_ORDER[b.rule.level]);
    const first = failures[0];
    const more = failures.length > 1 ? ` (and ${failures.length - 1} more)` : '';
    const message = first ? headline(first, repeated) + more : 'the cell failed';
    const text = body(cell, [...failures, ...findings.warnings]);
    if (expected) children.push({ name: 'skipped', attrs: [['message', `${expected} — ${message}`]] }, { name: 'system-out', text });
    else
      children.push({
        name: 'failure',
        attrs: [
          ['message', message],
          ['type', first?.rule.level ?? 'MUST'],
        ],
        text,
      });
  } else if (cell.status === 'flaky') {
    // Passed when re-run alone: a pass with both attempts in its output, unless --fail-on-flaky.
    const message = rerunNote(cell) ?? 'flaky';
    const text = body(cell, [...findings.errors, ...findings.failures, ...findings.warnings]);
    if (expected) children.push({ name: 'skipped', attrs: [['message', `${expected} — ${message}`]] }, { name: 'system-out', text });
    else if (run.failOnFlaky)
      children.push({
        name: 'failure',
        attrs: [
          ['message', message],
          ['type', 'flaky'],
        ],
        text,
      });
    else children.push({ name: 'system-out', text });
  } else if (findings.warnings.length > 0) {
    children.push({ name: 'system-out', text: body(cell, findings.warnings) });
  }
  if (cell.stderr.length > 0) children.push({ name: 'system-err', text: `${cell.stderr.join('\n')}\n` });
  return {
    name: 'testcase',
    attrs: [
      ['name', name],
      ['classname', `mcp-conform.${cell.area}`],
      ['time', seconds(cell.durationMs)],
    ],
    children,
  };
}

/** The baseline's own verdict: a <failure> listing the stale entries (they fail the run), with the
 * new failures and the entries this run did not exercise in its body. */
function baselineTestcase(outcome: BaselineOutcome): XmlElement {
  const entry = (e: BaselineOutcome['stale'][number]) =>
    `${e.scenario}${[e.revision, e.transport, e.rule, e.check && `#${e.check}`]
      .filter(Boolean)
      .map((x) => ` ${x}`)
      .join('')}: ${e.reason}`;
  const cell = (c: { id: string; revision: string; transport: string }) => `${c.id} [${c.revision}]${c.transport === 'stdio' ? '' : ` (${c.transport})`}`;
  const lines = [
    `${outcome.expected.length} expected failure(s), ${outcome.unexpected.length} new, ${outcome.stale.length} stale, ${outcome.notRun.length} not exercised by this run`,
    ...outcome.stale.map((e) => `stale    ${entry(e)} (ran and passed: delete the entry)`),
    ...outcome.unexpected.map((c) => `new      ${cell(c)}`),
    ...outcome.expected.map((c) => `expected ${cell(c)}: ${c.reason}`),
    ...outcome.notRun.map((e) => `not run  ${entry(e)}`),
  ];
  const children: XmlElement[] =
    outcome.stale.length > 0
      ? [
          {
            name: 'failure',
            attrs: [
              [
                'message',
                `${outcome.stale.length} stale baseline ${outcome.stale.length === 1 ? 'entry' : 'entries'}: the cells they name ran and passed; delete them`,
              ],
              ['type', 'stale-baseline'],
            ],
            text: `${lines.join('\n')}\n`,
          },
        ]
      : [{ name: 'system-out', text: `${lines.join('\n')}\n` }];
  return {
    name: 'testcase',
    attrs: [
      ['name', `no stale entries in ${outcome.file}`],
      ['classname', 'mcp-conform.baseline'],
      ['time', seconds(0)],
    ],
    children,
  };
}

/** `<rule id>: <rule summary>`, with "one defect seen in N cells" when the finding repeats across cells. */
function headline(check: CheckResult, repeated?: RepeatedFindings): string {
  const group = repeated?.groupOf(check);
  return `${check.rule.id}: ${check.rule.summary}${group ? ` (${repeatedPhrase(group)})` : ''}`;
}

function body(cell: ScenarioResult, checks: CheckResult[]): string {
  return `${renderCellExplanation(cell, checks, { style: PLAIN, maxText: BODY_MAX_TEXT }).join('\n')}\n`;
}

/** The fuzz result as one testcase: a <failure> when a property stopped the search, warnings as properties. */
function fuzzTestcase(fuzz: FuzzResult): XmlElement {
  const failure = fuzz.failure;
  const line = (v: FuzzViolation) => `${v.rule.id} (${v.rule.level}) ${v.property}: ${v.detail}`;
  // The strict schema has no <properties> in a testcase: the search's facts lead its text instead.
  const facts = [`seed       ${fuzz.seed}`, `revision   ${fuzz.revision}`, `inputs     ${fuzz.cases} (${fuzz.casesPerSecond}/s)`];
  const warnings = fuzz.warnings.map((w) => `warning    ${line(w)} (${w.count} inputs; first: ${w.input})`);
  const children: XmlElement[] = [];
  if (failure && fuzz.status === 'failed') {
    const first = failure.violations[0]!;
    const text = [
      ...facts,
      `input      ${failure.input}`,
      ...failure.violations.map((v) => `rule       ${line(v)}`),
      ...(failure.reproducible
        ? []
        : ['note       the input broke these rules during the search but none when replayed alone on a fresh target: the failure depends on earlier inputs']),
      ...(failure.counterexample !== undefined ? [`saved      ${failure.counterexample}`] : []),
      ...(failure.reproduce !== undefined ? [`reproduce  ${failure.reproduce}`] : []),
      `replay     seed ${fuzz.seed}, path ${failure.path}: ${fuzz.replay}`,
      ...warnings,
    ].join('\n');
    children.push({
      name: 'failure',
      attrs: [
        ['message', `${first.rule.id}: ${first.rule.summary}`],
        ['type', first.property],
      ],
      text: `${text}\n`,
    });
  } else {
    children.push({ name: 'system-out', text: `${[...facts, ...warnings, `replay     ${fuzz.replay}`].join('\n')}\n` });
  }
  return {
    name: 'testcase',
    attrs: [
      ['name', `fuzz [${fuzz.revision}] seed ${fuzz.seed}`],
      ['classname', 'mcp-conform.fuzz'],
      ['time', seconds(fuzz.durationMs)],
    ],
    children,
  };
}

function runProblem(run: RunResult): XmlElement | undefined {
  const error = (name: string, message: string, type: string, text: string): XmlElement => ({
    name: 'testcase',
    attrs: [
      ['name', name],
      ['classname', 'mcp-conform.run'],
      ['time', seconds(0)],
    ],
    children: [
      {
        name: 'error',
        attrs: [
          ['message', message],
          ['type', type],
        ],
        text,
      },
    ],
  });
  if (run.endReason === 'target-unavailable') {
    const fatal = run.fatal ?? 'The target could not be started or never answered.';
    return error('target is reachable', fatal.split('\n')[0]!, 'target-unavailable', `${fatal}\n`);
  }
  if (run.endReason === 'interrupted') {
    const message = `interrupted after ${run.scenarios.length} of ${run.planned} planned cells`;
    return error('run completes', message, 'interrupted', `The run was interrupted; the results in this report are partial (${message}).\n`);
  }
  return undefined;
}

export class JunitReporter implements Reporter {
  constructor(
    private readonly sink: OutputSink,
    private readonly options: JunitOptions = {},
  ) {}

  onRunStart(): void {
    // Empties a stale file now: CI must not pick up the previous run's XML if this one dies.
    this.sink.open();
  }

  async onRunEnd(run: RunResult): Promise<void> {
    this.sink.write(renderJunitReport(run, this.options));
    await this.sink.close();
  }
}
