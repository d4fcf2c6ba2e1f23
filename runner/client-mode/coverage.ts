// Rule coverage counts client scenarios too: each is given the shape the coverage functions read
// (id, revisions, the rules it cites), so client rules are traced like server ones.
import type { RulesCatalogue } from '../../schema/rules.js';
import { ScenarioLoadError, type Scenario } from '../suite-loader/index.js';
import { loadClientScenarios } from './load-client-scenarios.js';
import type { ClientScenario } from './types.js';

function asCoverageScenario(s: ClientScenario): Scenario {
  const cited = [...new Set([...s.rules, ...s.expect.flatMap((e) => (e.rule ? [e.rule] : []))])];
  return {
    id: s.id,
    title: s.title,
    area: s.area,
    role: 'client',
    revisions: s.revisions,
    rules: cited,
    tags: s.tags,
    session: 'fresh',
    requires: [],
    steps: [],
    file: s.file,
  };
}

/** The client scenarios under `dirs` as coverage entries; throws ScenarioLoadError on a bad file. */
export function clientCoverageScenarios(rules: RulesCatalogue, dirs: string[], root: string): Scenario[] {
  const loaded = loadClientScenarios({ dirs, root, rules });
  if (loaded.problems.length > 0) throw new ScenarioLoadError(loaded.problems.map((p) => ({ ...p })));
  return loaded.scenarios.map(asCoverageScenario);
}
