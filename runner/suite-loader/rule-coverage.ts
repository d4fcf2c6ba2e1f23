// Traces every catalogue rule to the scenarios that enforce it (DESIGN rule 2): covered, exempt as
// untestable (with its reason in the catalogue), or uncovered — the input of the coverage gate.
import type { RuleEntry, RulesCatalogue } from '../../schema/rules.js';
import { citedRules } from './select-scenarios.js';
import type { Scenario } from './types.js';

export interface RuleCoverage {
  rule: RuleEntry;
  /** Ids of the scenarios citing the rule (in `rules` or a step's `rule`), sorted. */
  scenarios: string[];
  /** A cited rule counts as covered even when marked untestable, so a stale mark is visible. */
  status: 'covered' | 'untestable' | 'uncovered';
}

export function ruleCoverage(rules: RulesCatalogue, scenarios: Scenario[]): RuleCoverage[] {
  const citing = new Map<string, Set<string>>();
  for (const s of scenarios) {
    for (const id of citedRules(s)) {
      if (!citing.has(id)) citing.set(id, new Set());
      citing.get(id)!.add(s.id);
    }
  }
  const seen = new Set<string>();
  const out: RuleCoverage[] = [];
  for (const rule of rules.all()) {
    if (seen.has(rule.id)) continue;
    seen.add(rule.id);
    const ids = [...(citing.get(rule.id) ?? [])].sort();
    out.push({ rule, scenarios: ids, status: ids.length > 0 ? 'covered' : rule.untestable ? 'untestable' : 'uncovered' });
  }
  return out;
}
