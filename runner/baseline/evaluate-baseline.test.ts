import { describe, expect, it } from 'vitest';
import type { CheckResult, RunResult, ScenarioResult } from '../../wire/results/index.js';
import { baselineFor, evaluateBaseline } from './evaluate-baseline.js';

const rule = { id: 'r.x', level: 'MUST' as const, section: 's', url: 'u', summary: 'm' };
const check = (id: string, status: CheckResult['status']): CheckResult => ({ id, rule, status, message: 'm' });
const cell = (id: string, revision: string, checks: CheckResult[], status: ScenarioResult['status'] = 'failed'): ScenarioResult =>
  ({ id, title: id, area: id.split('/')[0]!, revision, transport: 'stdio', status, durationMs: 1, checks, transcript: [], stderr: [], repro: '', tags: [] }) as ScenarioResult;
const run = (scenarios: ScenarioResult[]): RunResult =>
  ({ tool: { name: 't', version: '1' }, target: { kind: 'stdio' }, revisions: [], startedAt: '', strict: false, planned: 0, summary: {} as RunResult['summary'], scenarios, endReason: 'failed' }) as RunResult;

describe('evaluateBaseline', () => {
  const failing = run([
    cell('tools/a', '2025-06-18', [check('tools/a#0', 'failed'), check('tools/a#1', 'passed')]),
    cell('tools/b', '2025-06-18', [check('tools/b#shape', 'failed'), check('tools/b#code', 'failed')]),
    cell('jsonrpc/c', '2025-03-26', [check('jsonrpc/c#0', 'passed')], 'passed'),
  ]);

  it('expects a failing cell when entries cover every failing check, by id, glob, revision and check', () => {
    const outcome = evaluateBaseline(failing, [
      { scenario: 'tools/a', revision: '2025-06-18', reason: 'known' },
      { scenario: 'tools/*', check: 'shape', reason: 'glob' },
      { scenario: 'tools/b', check: 'code', reason: 'code' },
    ], 'b.yaml');
    expect(outcome.expected.map((e) => e.id)).toEqual(['tools/a', 'tools/b']);
    expect(outcome.unexpected).toEqual([]);
    expect(outcome.stale).toEqual([]);
  });

  it('reports a cell as new when one failing check is not covered', () => {
    const outcome = evaluateBaseline(failing, [{ scenario: 'tools/a', reason: 'x' }, { scenario: 'tools/b', check: 'shape', reason: 'y' }], 'b.yaml');
    expect(outcome.unexpected.map((e) => e.id)).toEqual(['tools/b']);
  });

  it('reports entries that cover no failure as stale, including a wrong revision', () => {
    const outcome = evaluateBaseline(failing, [{ scenario: 'tools/a', reason: 'x' }, { scenario: 'tools/b', reason: 'y' }, { scenario: 'tools/a', revision: '2024-11-05', reason: 'old' }, { scenario: 'jsonrpc/c', reason: 'fixed' }], 'b.yaml');
    expect(outcome.stale.map((e) => e.reason)).toEqual(['old', 'fixed']);
  });

  it('writes a baseline that makes the same run pass', () => {
    const entries = baselineFor(failing, 'because');
    const outcome = evaluateBaseline(failing, entries, 'b.yaml');
    expect(outcome.unexpected).toEqual([]);
    expect(outcome.stale).toEqual([]);
    expect(entries.every((e) => e.reason === 'because' && e.revision === '2025-06-18')).toBe(true);
  });
});
