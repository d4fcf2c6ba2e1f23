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
  type LoadOptions,
  type LoadResult,
} from './load-scenarios.js';
export { readScenarioText, type ScenarioFileRead } from './read-scenario-file.js';
export { lintScenarios } from './lint-scenarios.js';
export { citedRules, idMatches, ruleMatches, selectScenarios, unmatchedSelectors, type Selection, type UnmatchedSelector } from './select-scenarios.js';
export { ruleCoverage, type RuleCoverage } from './rule-coverage.js';
export { SCENARIO_PROBLEM_CODES, ScenarioLoadError, type ScenarioProblem, type ScenarioProblemCode } from './problems.js';
export { countsPerRevision, countsTable, coverageMarkdown, README_MARKERS, withCountsTable, type RevisionCounts } from './coverage-markdown.js';
