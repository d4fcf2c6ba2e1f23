// The coverage gate (DESIGN rule 2): every scenario cites known rules, every testable rule has a
// scenario, and the generated docs/coverage.md and README counts match the catalogue and suites.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clientCoverageScenarios } from '../runner/client-mode/index.js';
import { fromRoot } from '../schema/package-root.js';
import { loadRules } from '../schema/rules.js';
import {
  citedRules,
  countsPerRevision,
  countsTable,
  coverageMarkdown,
  defaultSuitesDir,
  loadScenariosOrThrow,
  ruleCoverage,
  withCountsTable,
} from '../runner/suite-loader/index.js';

const rules = loadRules();
// Client-role scenarios count too: client rules are traced like server ones.
const scenarios = [
  ...loadScenariosOrThrow({ dirs: [defaultSuitesDir()], files: [], rules }),
  ...clientCoverageScenarios(rules, [defaultSuitesDir()], defaultSuitesDir()),
];

describe('rule coverage of the bundled suites', () => {
  it('cites only rules the catalogue has', () => {
    const unknown = scenarios.flatMap((s) =>
      citedRules(s)
        .filter((id) => !rules.has(id))
        .map((id) => `${s.id}: ${id}`),
    );
    expect(unknown).toEqual([]);
  });

  it('has a scenario for every testable rule, at every revision the rule is in force', () => {
    const uncovered = ruleCoverage(rules, scenarios)
      .filter((c) => c.status === 'uncovered')
      .map((c) => c.rule.id);
    expect(uncovered, 'write a scenario citing these rules, or mark them untestable with the reason').toEqual([]);
    const gaps = countsPerRevision(rules, scenarios).filter((c) => c.uncovered > 0);
    expect(gaps, 'a rule is cited only by scenarios that do not run at a revision where it is in force').toEqual([]);
  });

  it('keeps docs/coverage.md and the README table in step with the catalogue (run `npm run coverage:docs`)', () => {
    expect(readFileSync(fromRoot('docs', 'coverage.md'), 'utf8')).toBe(coverageMarkdown(rules, scenarios));
    const readme = readFileSync(fromRoot('README.md'), 'utf8');
    expect(withCountsTable(readme, countsTable(rules, scenarios))).toBe(readme);
    expect(readme).toContain(countsTable(rules, scenarios));
  });
});

describe('withCountsTable', () => {
  it('replaces only what lies between the markers, and leaves a README without them alone', () => {
    const text = 'a\n<!-- coverage:start -->\nold\n<!-- coverage:end -->\nb';
    expect(withCountsTable(text, 'new')).toBe('a\n<!-- coverage:start -->\nnew\n<!-- coverage:end -->\nb');
    expect(withCountsTable('no markers', 'new')).toBe('no markers');
  });
});
