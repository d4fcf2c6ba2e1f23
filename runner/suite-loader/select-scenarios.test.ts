import { describe, expect, it } from 'vitest';
import { createCatalogue, type RuleEntry } from '../../schema/rules.js';
import { ruleCoverage } from './rule-coverage.js';
import { selectScenarios, unmatchedSelectors } from './select-scenarios.js';
import type { Scenario, Step } from './types.js';

function scenario(id: string, tags: string[], rules: string[], steps: Step[] = []): Scenario {
  return {
    id,
    title: id,
    area: id.split('/')[0]!,
    role: 'server',
    revisions: '*',
    rules,
    tags,
    session: 'initialized',
    requires: [],
    steps,
    file: `${id}.yaml`,
  };
}

const expectStep = (rule: string): Step => ({ kind: 'expect', label: 'x', rule, sourceLine: 1, path: '1' });
const all = [
  scenario('lifecycle/initialize-version-echo', ['handshake'], ['lifecycle.version.echo-supported']),
  scenario('lifecycle/ping-before-initialize', ['handshake', 'smoke'], ['ping.response.empty-result']),
  scenario(
    'pagination/tools-follow-cursor',
    ['pagination', 'tools'],
    ['pagination.result.terminates'],
    [{ kind: 'loop', max: 3, onExhausted: 'fail', sourceLine: 1, path: '0', steps: [expectStep('tools.list.result')] }],
  ),
  scenario('pagination/tools-invalid-cursor', ['pagination', 'tools'], ['pagination.cursor.invalid-error']),
  scenario('tools/call-unknown-tool', ['tools', 'smoke'], ['tools.call.unknown-tool-protocol-error'], [expectStep('jsonrpc.request.answered')]),
];
const ids = (selection: Parameters<typeof selectScenarios>[1]) => selectScenarios(all, selection).map((s) => s.id);

describe('selectScenarios', () => {
  it('selects everything without filters', () => {
    expect(ids({})).toHaveLength(all.length);
    expect(ids({ scenario: [], tag: [] })).toHaveLength(all.length);
  });

  it('matches ids exactly, by folder prefix with or without a slash, and by glob', () => {
    expect(ids({ scenario: ['tools/call-unknown-tool'] })).toEqual(['tools/call-unknown-tool']);
    expect(ids({ scenario: ['lifecycle/'] })).toEqual(['lifecycle/initialize-version-echo', 'lifecycle/ping-before-initialize']);
    expect(ids({ scenario: ['lifecycle'] })).toEqual(['lifecycle/initialize-version-echo', 'lifecycle/ping-before-initialize']);
    expect(ids({ scenario: ['pagination/*'] })).toEqual(['pagination/tools-follow-cursor', 'pagination/tools-invalid-cursor']);
    expect(ids({ scenario: ['*cursor*'] })).toEqual(['pagination/tools-follow-cursor', 'pagination/tools-invalid-cursor']);
    expect(ids({ scenario: ['lifecycle/ping-before-?nitialize'] })).toEqual(['lifecycle/ping-before-initialize']);
  });

  it('does not treat a partial word as a prefix', () => {
    expect(ids({ scenario: ['lifecycle/ping'] })).toEqual([]);
    expect(ids({ scenario: ['life'] })).toEqual([]);
  });

  it('excludes by the same forms', () => {
    expect(ids({ exclude: ['pagination/*', 'lifecycle'] })).toEqual(['tools/call-unknown-tool']);
  });

  it('filters by area, tag and cited rule (exact, dotted prefix, glob, including step rules in loops)', () => {
    expect(ids({ area: ['tools'] })).toEqual(['tools/call-unknown-tool']);
    expect(ids({ tag: ['smoke'] })).toEqual(['lifecycle/ping-before-initialize', 'tools/call-unknown-tool']);
    expect(ids({ rule: ['pagination'] })).toEqual(['pagination/tools-follow-cursor', 'pagination/tools-invalid-cursor']);
    expect(ids({ rule: ['tools.list.result'] })).toEqual(['pagination/tools-follow-cursor']);
    expect(ids({ rule: ['jsonrpc.*'] })).toEqual(['tools/call-unknown-tool']);
    expect(ids({ rule: ['pagination.cur'] })).toEqual([]);
  });

  it('combines different filters with AND and values of one filter with OR', () => {
    expect(ids({ tag: ['smoke', 'pagination'], area: ['pagination', 'tools'], exclude: ['*invalid*'] })).toEqual([
      'pagination/tools-follow-cursor',
      'tools/call-unknown-tool',
    ]);
  });
});

describe('unmatchedSelectors', () => {
  it('names the selectors that match nothing, with a suggestion when one is close', () => {
    expect(unmatchedSelectors(all, { scenario: ['lifecycle/', 'tols/'], tag: ['smoek', 'smoke'], area: ['nothing-like-it'], rule: ['paginaton'] })).toEqual([
      { filter: 'scenario', value: 'tols/', suggestion: 'tools/' },
      { filter: 'area', value: 'nothing-like-it' },
      { filter: 'tag', value: 'smoek', suggestion: 'smoke' },
      { filter: 'rule', value: 'paginaton', suggestion: 'pagination' },
    ]);
  });
});

describe('ruleCoverage', () => {
  const entry = (id: string, extra: Partial<RuleEntry> = {}): RuleEntry => ({
    id,
    level: 'MUST',
    side: 'server',
    revisions: '*',
    section: 's',
    path: 'p',
    summary: 'x',
    file: 'f',
    line: 1,
    ...extra,
  });

  it('marks each rule covered (with its scenarios), untestable, or uncovered', () => {
    const catalogue = createCatalogue([
      entry('tools.list.result'),
      entry('ping.response.empty-result'),
      entry('lifecycle.never-observable', { untestable: 'needs access to server internals' }),
      entry('tools.nobody.cites'),
      entry('tools.list.result', { line: 9 }),
    ]);
    const coverage = ruleCoverage(catalogue, all);
    expect(coverage.map((c) => [c.rule.id, c.status, c.scenarios])).toEqual([
      ['tools.list.result', 'covered', ['pagination/tools-follow-cursor']],
      ['ping.response.empty-result', 'covered', ['lifecycle/ping-before-initialize']],
      ['lifecycle.never-observable', 'untestable', []],
      ['tools.nobody.cites', 'uncovered', []],
    ]);
  });

  it('counts an untestable rule that a scenario cites as covered, so the stale mark shows', () => {
    const catalogue = createCatalogue([entry('ping.response.empty-result', { untestable: 'stale reason' })]);
    expect(ruleCoverage(catalogue, all)[0]!.status).toBe('covered');
  });
});
