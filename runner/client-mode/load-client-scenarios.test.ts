import { describe, expect, it } from 'vitest';
import { loadRules } from '../../schema/rules.js';
import { defaultSuitesDir } from '../suite-loader/index.js';
import { loadClientScenarios, parseClientScenario } from './load-client-scenarios.js';

const rules = loadRules();

describe('client scenarios', () => {
  it('the bundled client scenarios load without problems', () => {
    const { scenarios, problems } = loadClientScenarios({ dirs: [defaultSuitesDir()], root: defaultSuitesDir(), rules });
    expect(problems).toEqual([]);
    expect(scenarios.length).toBeGreaterThanOrEqual(7);
    expect(scenarios.every((s) => s.id.startsWith('client/') && s.expect.length > 0)).toBe(true);
  });

  it('reports a malformed file with the line of each problem', () => {
    const text = [
      'id: client/x',
      'title: X',
      'area: client',
      'role: client',
      'rules: [client.no-such-rule]',
      'server:',
      '  tools:',
      '    - { name: a, txt: hi }',
      'expect:',
      '  - firstt: { method: initialize }',
    ].join('\n');
    const { problems } = parseClientScenario('x.yaml', text, rules);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.some((p) => p.line === 10)).toBe(true);
  });

  it('checks the rules cited and the mock server block once the shape is right', () => {
    const text = [
      'id: client/x',
      'title: X',
      'area: client',
      'role: client',
      'rules: [client.no-such-rule]',
      'server:',
      '  tools:',
      '    - { name: a, txt: hi }',
      'expect:',
      '  - uniqueRequestIds: true',
    ].join('\n');
    const { problems } = parseClientScenario('x.yaml', text, rules, { id: 'client/y' });
    const messages = problems.map((p) => `${p.line}: ${p.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^1: The id `client\/x` does not match/),
        expect.stringMatching(/^5: The rule `client.no-such-rule` is not in the rules catalogue/),
        expect.stringMatching(/^8: .*txt/),
      ]),
    );
  });
  it('reads a `sent` precondition and refuses one on another kind of check', () => {
    const text = (precondition: string) =>
      ['id: client/x', 'title: X', 'area: client', 'role: client', 'rules: [client.jsonrpc.unique-request-ids]', 'expect:', precondition].join('\n');
    const ok = parseClientScenario('x.yaml', text('  - { sent: { method: tools/call }, precondition: true }'), rules);
    expect(ok.problems).toEqual([]);
    expect(ok.scenario?.expect[0]).toMatchObject({ kind: 'sent', precondition: true });
    const bad = parseClientScenario('x.yaml', text('  - { uniqueRequestIds: true, precondition: true }'), rules);
    expect(bad.problems.map((p) => p.message)).toEqual(['Only a `sent` check can be a precondition.']);
  });
});
