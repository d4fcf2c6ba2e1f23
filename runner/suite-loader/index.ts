// Public surface of runner/suite-loader: loading scenario files into typed Scenarios with positioned
// problems, cross-file lint, selection by id/area/tag/rule, and rule coverage.
export type * from './types.js';
export {
  CLIENT_ROLE_LINE,
  defaultSuitesDir,
  expectationsFor,
  loadScenarios,
  yamlFiles,
  loadScenariosOrThrow,
} from './load-scenarios.js';
export { citedRules, idMatches, ruleMatches, selectScenarios } from './select-scenarios.js';
export { ruleCoverage } from './rule-coverage.js';
export { ScenarioLoadError, type ScenarioProblem } from './problems.js';
export { countsPerRevision, countsTable, coverageMarkdown, withCountsTable } from './coverage-markdown.js';
