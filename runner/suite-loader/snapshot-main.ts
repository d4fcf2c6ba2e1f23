// Build step, run by `npm run build` after tsc: writes the bundled rules and scenario files, read and
// checked, into dist/ so that a run need not parse, validate and lint them again (schema/rules.ts,
// bundled-snapshot.ts).
import { relative } from 'node:path';
import { loadRules, snapshotBundledRules } from '../../schema/rules.js';
import { snapshotBundledSuites } from './load-scenarios.js';

const rulesPath = snapshotBundledRules();
const { path, files } = snapshotBundledSuites(loadRules());
process.stdout.write(`checked at build: the rules (${relative(process.cwd(), rulesPath)}), ${files} scenario files (${relative(process.cwd(), path)})\n`);
