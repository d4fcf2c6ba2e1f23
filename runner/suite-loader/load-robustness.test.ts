// The loader reports bad input as problems and never throws, whatever the document looks like:
// arbitrary YAML values, and valid scenarios with members deleted or replaced by junk.
import fc from 'fast-check';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { createCatalogue } from '../../schema/rules.js';
import { loadScenarioText } from './load-scenarios.js';

const rules = createCatalogue([
  { id: 'demo.rule.one', level: 'MUST', side: 'server', revisions: '*', section: 's', path: 'p', summary: 'x', file: 'f', line: 1 },
]);

const VALID = {
  id: 'demo/x',
  title: 'A valid scenario',
  area: 'demo',
  role: 'server',
  revisions: '>=2025-03-26',
  rules: ['demo.rule.one'],
  tags: ['smoke'],
  requires: [{ capability: 'tools' }, { pick: 'tool', from: 'tools', where: { name: { $type: 'string' } } }, { not: { transport: 'http' } }],
  steps: [
    { request: 'tools/call', params: { name: { $var: 'tool.name' }, arguments: { $validArgs: 'tool' } }, as: 'call' },
    { expect: 'call', oneOf: [{ result: { isError: true } }, { error: { code: -32602 } }], capture: { c: '/result' } },
    {
      loop: null,
      while: { defined: 'c' },
      max: 2,
      steps: [
        { request: 'ping', as: 'p' },
        { expect: 'p', when: { revision: '<2026-07-28' } },
      ],
    },
    { check: { value: { $var: 'c' }, matches: { $any: true } } },
    { set: { n: 1 } },
    { closeInput: null, within: 100 },
  ],
};

/** Every path (as keys/indexes) into a value, for targeted mutations. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return [prefix, ...value.flatMap((v, i) => paths(v, [...prefix, i]))];
  if (value && typeof value === 'object') return [prefix, ...Object.entries(value).flatMap(([k, v]) => paths(v, [...prefix, k]))];
  return [prefix];
}

function mutate(path: (string | number)[], replacement: unknown, remove: boolean): unknown {
  const copy = structuredClone(VALID) as Record<string, unknown>;
  if (path.length === 0) return replacement;
  // biome-ignore lint/suspicious/noExplicitAny: walks an arbitrary parsed YAML tree to plant one change.
  let node: any = copy;
  for (const seg of path.slice(0, -1)) node = node[seg];
  const last = path[path.length - 1]!;
  if (remove && Array.isArray(node)) node.splice(Number(last), 1);
  else if (remove) delete node[last];
  else node[last] = replacement;
  return copy;
}

const ALL_PATHS = paths(VALID);

const check = (text: string) => {
  const out = loadScenarioText('/virtual/demo/x.yaml', text, rules, { id: 'demo/x', area: 'demo' });
  for (const p of out.problems) {
    expect(p.line).toBeGreaterThanOrEqual(1);
    expect(p.column).toBeGreaterThanOrEqual(1);
    expect(p.message.length).toBeGreaterThan(0);
    expect(p.fix.length).toBeGreaterThan(0);
  }
  return out;
};

describe('loader robustness', () => {
  it('the unmutated document loads cleanly', () => {
    const out = check(stringify(VALID));
    expect(out.problems).toEqual([]);
    expect(out.scenario?.steps).toHaveLength(6);
  });

  it('never throws on arbitrary YAML values, and positions every problem', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        check(stringify(value));
      }),
      { numRuns: 300 },
    );
  });

  it('never throws when members of a valid scenario are deleted or replaced by junk', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ALL_PATHS), fc.jsonValue({ maxDepth: 2 }), fc.boolean(), (path, junk, remove) => {
        const out = check(stringify(mutate(path, junk, remove)));
        // Either it still loads (the junk happened to be acceptable) or it says why not.
        expect(out.scenario !== undefined || out.problems.length > 0).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        check(text);
      }),
      { numRuns: 300 },
    );
  });
});
