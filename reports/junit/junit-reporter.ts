// JUnit XML in the classic shape GitLab, Jenkins and GitHub test reporters read: one <testsuite>
// per area, one <testcase> per cell, the finding's blocks (b)–(d) as the failure body.
//
// Choices, documented in reports/README.md:
// - warnings (broken SHOULDs) are not failures unless --strict: each adds a
//   <property name="warning" value="<rule id>"/> and its explanation goes to <system-out>;
// - every rule a cell checked is a <property name="rule" .../> inside its <testcase>;
// - a run that never started or was interrupted gets one synthetic testcase with an <error>, so a
//   CI job never shows a green report for a run that did not finish.
import type { CheckResult, FuzzResult, FuzzViolation, Reporter, RunResult, ScenarioResult } from '../../wire/results/index.js';
import { cellFindings, cellLabel, createStyle, renderCellExplanation, seconds, type OutputSink } from '../format/index.js';
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
  const byArea = new Map<string, ScenarioResult[]>();
  for (const cell of run.scenarios) byArea.set(cell.area, [...(byArea.get(cell.area) ?? []), cell]);

  const suites: { element: XmlElement; counts: Counts }[] = [];
  for (const [area, cells] of byArea) {
    const counts: Counts = { tests: 0, failures: 0, errors: 0, skipped: 0, time: 0 };
    const cases = cells.map((cell) => {
      counts.tests++;
      counts.time += cell.durationMs;
      if (cell.status === 'failed') counts.failures++;
      if (cell.status === 'errored') counts.errors++;
      if (cell.status === 'skipped') counts.skipped++;
      return testcase(cell, caseName(cell), run.strict);
    });
    suites.push({ element: suite(area, counts, timestamp, runProperties(run), cases), counts });
  }
  if (run.fuzz) {
    const counts: Counts = { tests: 1, failures: run.fuzz.status === 'failed' ? 1 : 0, errors: 0, skipped: 0, time: run.fuzz.durationMs };
    suites.push({ element: suite('fuzz', counts, timestamp, runProperties(run), [fuzzTestcase(run.fuzz)]), counts });
  }
  const synthetic = runProblem(run);
  if (synthetic) {
    const counts: Counts = { tests: 1, failures: 0, errors: 1, skipped: 0, time: 0 };
    suites.push({ element: suite('mcp-conform', counts, timestamp, runProperties(run), [synthetic]), counts });
  }
  const total = suites.reduce<Counts>(
    (t, s) => ({ tests: t.tests + s.counts.tests, failures: t.failures + s.counts.failures, errors: t.errors + s.counts.errors, skipped: t.skipped + s.counts.skipped, time: 0 }),
    { tests: 0, failures: 0, errors: 0, skipped: 0, time: 0 },
  );
  return renderXml({
    name: 'testsuites',
    attrs: [
      ['name', run.tool.name],
      ['tests', total.tests],
      ['failures', total.failures],
      ['errors', total.errors],
      ['skipped', total.skipped],
      ['time', seconds(run.summary.durationMs)],
      ['timestamp', timestamp],
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
  return { name: 'property', attrs: [['name', name], ['value', value]] };
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
    ],
  };
}

function testcase(cell: ScenarioResult, name: string, strict: boolean): XmlElement {
  const findings = cellFindings(cell, strict);
  const rules = [...new Set(cell.checks.map((c) => c.rule.id))];
  const properties: XmlElement[] = [
    ...rules.map((id) => property('rule', id)),
    ...[...new Set(findings.warnings.map((c) => c.rule.id))].map((id) => property('warning', id)),
  ];
  const children: XmlElement[] = [];
  if (properties.length > 0) children.push({ name: 'properties', children: properties });
  if (cell.status === 'skipped') {
    children.push({ name: 'skipped', attrs: [['message', cell.skipReason ?? 'no reason given']] });
  } else if (cell.status === 'errored') {
    const first = findings.errors[0];
    const runnerBug = findings.errors.some((c) => c.status === 'runner-bug');
    children.push({
      name: 'error',
      attrs: [
        ['message', cell.errorReason ?? (first ? headline(first) : 'the target misbehaved')],
        ['type', runnerBug ? 'runner-bug' : 'errored'],
      ],
      text: body(cell, [...findings.errors, ...findings.failures, ...findings.warnings]),
    });
  } else if (cell.status === 'failed') {
    const failures = [...findings.failures].sort((a, b) => LEVEL_ORDER[a.rule.level] - LEVEL_ORDER[b.rule.level]);
    const first = failures[0];
    const more = failures.length > 1 ? ` (and ${failures.length - 1} more)` : '';
    children.push({
      name: 'failure',
      attrs: [
        ['message', first ? headline(first) + more : 'the cell failed'],
        ['type', first?.rule.level ?? 'MUST'],
      ],
      text: body(cell, [...failures, ...findings.warnings]),
    });
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

function headline(check: CheckResult): string {
  return `${check.rule.id}: ${check.rule.summary}`;
}

function body(cell: ScenarioResult, checks: CheckResult[]): string {
  return `${renderCellExplanation(cell, checks, { style: PLAIN, maxText: BODY_MAX_TEXT }).join('\n')}\n`;
}

/** The fuzz result as one testcase: a <failure> when a property stopped the search, warnings as properties. */
function fuzzTestcase(fuzz: FuzzResult): XmlElement {
  const failure = fuzz.failure;
  const line = (v: FuzzViolation) => `${v.rule.id} (${v.rule.level}) ${v.property}: ${v.detail}`;
  const properties: XmlElement = {
    name: 'properties',
    children: [
      property('seed', String(fuzz.seed)),
      property('revision', fuzz.revision),
      property('inputs', String(fuzz.cases)),
      property('inputs-per-second', String(fuzz.casesPerSecond)),
      ...(failure ? failure.violations.map((v) => property('rule', v.rule.id)) : []),
      ...(failure?.counterexample !== undefined ? [property('counterexample', failure.counterexample)] : []),
      ...fuzz.warnings.map((w) => property('warning', w.rule.id)),
    ],
  };
  const warnings = fuzz.warnings.map((w) => `warning ${line(w)} (${w.count} inputs; first: ${w.input})`);
  const children: XmlElement[] = [properties];
  if (failure && fuzz.status === 'failed') {
    const first = failure.violations[0]!;
    const text = [
      `input      ${failure.input}`,
      ...failure.violations.map((v) => `rule       ${line(v)}`),
      ...(failure.reproducible ? [] : ['note       the input broke these rules during the search but none when replayed alone on a fresh target: the failure depends on earlier inputs']),
      ...(failure.counterexample !== undefined ? [`saved      ${failure.counterexample}`] : []),
      ...(failure.reproduce !== undefined ? [`reproduce  ${failure.reproduce}`] : []),
      `replay     seed ${fuzz.seed}, path ${failure.path}: ${fuzz.replay}`,
      ...warnings,
    ].join('\n');
    children.push({ name: 'failure', attrs: [['message', `${first.rule.id}: ${first.rule.summary}`], ['type', first.property]], text: `${text}\n` });
  } else if (warnings.length > 0) {
    children.push({ name: 'system-out', text: `${[...warnings, `replay     ${fuzz.replay}`].join('\n')}\n` });
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
    children: [{ name: 'error', attrs: [['message', message], ['type', type]], text }],
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
