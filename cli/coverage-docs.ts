#!/usr/bin/env node
// `npm run coverage:docs`: writes docs/coverage.md and the counts table of README.md from the rules
// catalogue and the bundled suites. The coverage test fails when either is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { fromRoot } from '../schema/package-root.js';
import { loadRules } from '../schema/rules.js';
import { clientCoverageScenarios } from '../runner/client-mode/index.js';
import { countsTable, coverageMarkdown, defaultSuitesDir, loadScenariosOrThrow, withCountsTable } from '../runner/suite-loader/index.js';

const rules = loadRules();
const scenarios = [
  ...loadScenariosOrThrow({ dirs: [defaultSuitesDir()], files: [], rules }),
  ...clientCoverageScenarios(rules, [defaultSuitesDir()], defaultSuitesDir()),
];
writeFileSync(fromRoot('docs', 'coverage.md'), coverageMarkdown(rules, scenarios));
const readmePath = fromRoot('README.md');
writeFileSync(readmePath, withCountsTable(readFileSync(readmePath, 'utf8'), countsTable(rules, scenarios)));
process.stdout.write('wrote docs/coverage.md and the coverage table of README.md\n');
