import { describe, expect, it } from 'vitest';
import type { CheckResult, RunResult, ScenarioResult } from '../../wire/results/index.js';
import { baselineFor, evaluateBaseline, isPositionalCheckName, judgeCell } from './evaluate-baseline.js';

const ruleX = { id: 'r.x', level: 'MUST' as const, section: 's', url: 'u', summary: 'm' };
const ruleY = { id: 'r.y', level: 'MUST' as const, section: 's', url: 'u', summary: 'm' };
const check = (id: string, status: CheckResult['status'], rule = ruleX): CheckResult => ({ id, rule, status, message: 'm' });
const cell = (id: string, revision: string, checks: CheckResult[], status: ScenarioResult['status'] = 'failed'): ScenarioResult =>
  ({
    id,
    title: id,
    area: id.split('/')[0]!,
    revision,
    transport: 'stdio',
    status,
    durationMs: 1,
    checks,
    transcript: [],
    stderr: [],
    repro: '',
    tags: [],
  }) as ScenarioResult;
const run = (scenarios: ScenarioResult[]): RunResult =>
  ({
    tool: { name: 't', version: '1' },
    target: { kind: 'stdio' },
    revisions: [],
    startedAt: '',
    strict: false,
    planned: 0,
    summary: {} as RunResult['summary'],
    scenarios,
    endReason: 'failed',
  }) as RunResult;

describe('evaluateBaseline', () => {
  const failing = run([
    cell('tools/a', '2025-06-18', [check('tools/a#0', 'failed'), check('tools/a#1', 'passed')]),
    cell('tools/b', '2025-06-18', [check('tools/b#shape', 'failed'), check('tools/b#code', 'failed', ruleY)]),
    cell('jsonrpc/c', '2025-03-26', [check('jsonrpc/c#0', 'passed')], 'passed'),
  ]);

  it('expects a failing cell when entries cover every failing check, by id, glob, revision, rule and check', () => {
    const outcome = evaluateBaseline(
      failing,
      [
        { scenario: 'tools/a', revision: '2025-06-18', reason: 'known' },
        { scenario: 'tools/*', check: 'shape', reason: 'glob' },
        { scenario: 'tools/b', rule: 'r.y', reason: 'rule' },
      ],
      'b.yaml',
    );
    expect(outcome.expected.map((e) => [e.id, e.reason])).toEqual([
      ['tools/a', 'known'],
      ['tools/b', 'glob; rule'],
    ]);
    expect(outcome.unexpected).toEqual([]);
    expect(outcome.stale).toEqual([]);
  });

  it('reports a cell as new when one failing check is not covered', () => {
    const outcome = evaluateBaseline(
      failing,
      [
        { scenario: 'tools/a', reason: 'x' },
        { scenario: 'tools/b', check: 'shape', reason: 'y' },
      ],
      'b.yaml',
    );
    expect(outcome.unexpected.map((e) => e.id)).toEqual(['tools/b']);
  });

  it('calls an entry stale only when a cell it names ran and passed', () => {
    const outcome = evaluateBaseline(
      failing,
      [
        { scenario: 'tools/a', reason: 'x' },
        { scenario: 'tools/b', reason: 'y' },
        { scenario: 'tools/a', revision: '2024-11-05', reason: 'revision not run' },
        { scenario: 'jsonrpc/c', reason: 'fixed' },
        { scenario: 'prompts/d', reason: 'area not run' },
      ],
      'b.yaml',
    );
    expect(outcome.stale.map((e) => e.reason)).toEqual(['fixed']);
    expect(outcome.notRun.map((e) => e.reason)).toEqual(['revision not run', 'area not run']);
  });

  it('calls a rule-narrowed entry stale when its cell still fails on another rule but judged its own as passed', () => {
    const partly = run([cell('tools/b', '2025-06-18', [check('tools/b#shape', 'failed'), check('tools/b#code', 'passed', ruleY)])]);
    const outcome = evaluateBaseline(
      partly,
      [
        { scenario: 'tools/b', rule: 'r.x', reason: 'x' },
        { scenario: 'tools/b', rule: 'r.y', reason: 'fixed' },
      ],
      'b.yaml',
    );
    expect(outcome.expected.map((e) => e.id)).toEqual(['tools/b']);
    expect(outcome.stale.map((e) => e.reason)).toEqual(['fixed']);
  });

  it('says nothing about entries whose cells were skipped or errored', () => {
    const quiet = run([cell('tools/a', '2025-06-18', [], 'skipped'), cell('tools/b', '2025-06-18', [check('tools/b#x', 'errored', ruleY)], 'errored')]);
    const outcome = evaluateBaseline(
      quiet,
      [
        { scenario: 'tools/a', reason: 'a' },
        { scenario: 'tools/b', rule: 'r.x', reason: 'b' },
      ],
      'b.yaml',
    );
    expect(outcome.stale).toEqual([]);
    expect(outcome.notRun.map((e) => e.reason)).toEqual(['a', 'b']);
    expect(outcome.unexpected.map((e) => e.id)).toEqual(['tools/b']);
  });

  it('still reads entries keyed by step number, and lists them for re-recording', () => {
    const outcome = evaluateBaseline(failing, [{ scenario: 'tools/a', check: '0', reason: 'old form' }], 'b.yaml');
    expect(outcome.expected.map((e) => e.id)).toEqual(['tools/a']);
    expect(outcome.positional.map((e) => e.check)).toEqual(['0']);
  });

  it('writes a baseline keyed by rule and chosen check names, never step numbers, that makes the same run pass', () => {
    const entries = baselineFor(failing, 'because');
    expect(entries).toEqual([
      { scenario: 'tools/a', revision: '2025-06-18', transport: 'stdio', rule: 'r.x', reason: 'because' },
      { scenario: 'tools/b', revision: '2025-06-18', transport: 'stdio', rule: 'r.x', check: 'shape', reason: 'because' },
      { scenario: 'tools/b', revision: '2025-06-18', transport: 'stdio', rule: 'r.y', check: 'code', reason: 'because' },
    ]);
    const outcome = evaluateBaseline(failing, entries, 'b.yaml');
    expect(outcome.unexpected).toEqual([]);
    expect(outcome.stale).toEqual([]);
  });

  it('keeps matching written entries after steps are added above the failing one', () => {
    const entries = baselineFor(failing, 'because');
    const edited = run([cell('tools/a', '2025-06-18', [check('tools/a#0', 'passed', ruleY), check('tools/a#1', 'failed'), check('tools/a#2', 'passed')])]);
    expect(evaluateBaseline(edited, entries, 'b.yaml').expected.map((e) => e.id)).toEqual(['tools/a']);
  });
});

describe('judgeCell', () => {
  it('marks a covered failure expected with its reason, an uncovered one new, and leaves passed cells alone', () => {
    const entries = [{ scenario: 'tools/a', reason: 'known' }];
    expect(judgeCell(cell('tools/a', '2025-06-18', [check('tools/a#0', 'failed')]), entries, false)).toEqual({ status: 'expected', reason: 'known' });
    expect(judgeCell(cell('tools/z', '2025-06-18', [check('tools/z#0', 'failed')]), entries, false)).toEqual({ status: 'new' });
    expect(judgeCell(cell('tools/a', '2025-06-18', [], 'passed'), entries, false)).toBeUndefined();
  });
});

describe('isPositionalCheckName', () => {
  it('tells step positions from names an author chose', () => {
    expect(['3', '5.steps.1', '12'].map(isPositionalCheckName)).toEqual([true, true, true]);
    expect(['shape', 'stdout-is-json-rpc', 'v2'].map(isPositionalCheckName)).toEqual([false, false, false]);
  });
});
