// `--list` and `--list --rules`: what would run, and how rules trace to scenarios, without
// connecting to anything.
import type { RulesCatalogue } from '../schema/rules.js';
import { ruleCoverage } from '../runner/suite-loader/index.js';
import type { Scenario } from '../runner/suite-loader/types.js';

export function printList(scenarios: Scenario[]): void {
  const rows = scenarios.map((s) => [s.id, s.area, Array.isArray(s.revisions) ? s.revisions.join(',') : String(s.revisions), s.rules.join(', ')]);
  printTable(['SCENARIO', 'AREA', 'REVISIONS', 'RULES'], rows);
  process.stdout.write(`\n${scenarios.length} scenario(s)\n`);
}

export function printRules(rules: RulesCatalogue, scenarios: Scenario[]): void {
  const coverage = ruleCoverage(rules, scenarios);
  const rows = coverage.map((c) => [
    c.rule.id,
    c.rule.level,
    String(c.rule.revisions),
    c.status === 'covered' ? c.scenarios.join(', ') : c.status === 'untestable' ? `untestable: ${c.rule.untestable ?? ''}` : 'NOT COVERED',
  ]);
  printTable(['RULE', 'LEVEL', 'REVISIONS', 'ENFORCED BY'], rows);
  const count = (s: string) => coverage.filter((c) => c.status === s).length;
  process.stdout.write(`\n${coverage.length} rule(s): ${count('covered')} covered, ${count('untestable')} untestable, ${count('uncovered')} not covered\n`);
}

function printTable(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.min(48, Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length))));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  process.stdout.write(line(head) + '\n');
  for (const r of rows) process.stdout.write(line(r) + '\n');
}
