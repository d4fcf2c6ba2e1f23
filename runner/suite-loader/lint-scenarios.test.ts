import { describe, expect, it } from 'vitest';
import { createCatalogue, type RuleEntry } from '../../schema/rules.js';
import { lintScenarios } from './lint-scenarios.js';
import type { Scenario, Step } from './types.js';

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
const rules = createCatalogue([entry('old.rule', { revisions: '<2026-07-28' }), entry('new.rule', { revisions: '>=2026-07-28' }), entry('any.rule')]);

function scenario(steps: Step[], extra: Partial<Scenario> = {}): Scenario {
  return {
    id: 'demo/x',
    title: 'X',
    area: 'demo',
    role: 'server',
    revisions: '*',
    rules: ['any.rule', 'old.rule', 'new.rule'],
    tags: [],
    session: 'initialized',
    requires: [],
    steps,
    file: 'x.yaml',
    ...extra,
  };
}
const expectWith = (rule: string, when?: Step['when']): Step => ({ kind: 'expect', label: 'a', rule, sourceLine: 1, path: '0', ...(when ? { when } : {}) });

describe('lintScenarios', () => {
  it('accepts a step rule in force at the revisions its `when` narrows the step to', () => {
    const s = scenario([expectWith('new.rule', { revision: '>=2026-07-28' }), expectWith('old.rule', { not: { revision: '>=2026-07-28' } })]);
    expect(lintScenarios([s], rules)).toEqual([]);
  });

  it('flags a step rule not in force at any revision the step runs at', () => {
    const problems = lintScenarios([scenario([expectWith('new.rule', { revision: '<2026-07-28' })])], rules);
    expect(problems.map((p) => p.code)).toEqual(['MCPC_RULE_OUT_OF_RANGE']);
    expect(problems[0]!.message).toContain('step 0');
  });

  it("checks loop bodies with the loop's narrowed range", () => {
    const loop: Step = {
      kind: 'loop',
      max: 2,
      onExhausted: 'fail',
      sourceLine: 1,
      path: '0',
      when: { revision: '>=2026-07-28' },
      steps: [expectWith('old.rule')],
    };
    expect(lintScenarios([scenario([loop])], rules).map((p) => p.code)).toEqual(['MCPC_RULE_OUT_OF_RANGE']);
  });

  it('reports duplicate ids and titles on the later scenario and puts scenarios built in memory on line 1', () => {
    const a = scenario([], { file: 'a.yaml' });
    const b = scenario([], { file: 'b.yaml' });
    const problems = lintScenarios([a, b], rules);
    expect(problems.map((p) => [p.code, p.file, p.line])).toEqual([['MCPC_SCENARIO_DUPLICATE_ID', 'b.yaml', 1]]);
    const c = scenario([], { file: 'c.yaml', id: 'demo/y', title: 'x' });
    expect(lintScenarios([a, c], rules).map((p) => p.code)).toEqual(['MCPC_SCENARIO_DUPLICATE_TITLE']);
  });
});
