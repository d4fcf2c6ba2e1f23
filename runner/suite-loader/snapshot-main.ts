// Build step, run by `npm run build` after tsc: writes the bundled scenario files, read and checked,
// into dist/ so that a run need not parse, validate and lint them again (bundled-snapshot.ts).
import { relative } from 'node:path';
import { loadRules } from '../../schema/rules.js';
import { snapshotBundledSuites } from './load-scenarios.js';

const { path, files } = snapshotBundledSuites(loadRules());
process.stdout.write(`bundled scenarios checked at build: ${files} files in ${relative(process.cwd(), path)}\n`);
