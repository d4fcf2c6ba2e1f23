// Reads an expected-failures baseline (YAML or JSON) with the same file:line:column problems as
// scenario files, and writes one from a run's failures (--write-baseline).
import { writeFileSync } from 'node:fs';
import { stringify } from 'yaml';
import { loadUserFile } from '../../schema/scenario/index.js';
import type { BaselineEntry } from '../../wire/results/index.js';

const BASELINE_INVALID = 'MCPC_BASELINE_INVALID';

export function loadBaseline(file: string): BaselineEntry[] {
  return loadUserFile(file, {
    code: BASELINE_INVALID,
    what: 'a baseline (YAML or JSON)',
    action: `read the baseline ${file}`,
    schema: 'expected-failures',
    fix: {
      missing: 'Check the path given to --baseline, or create it with --write-baseline.',
      unreadable: 'Pass the YAML or JSON file written by --write-baseline to --baseline.',
    },
    empty: [],
  }) as BaselineEntry[];
}

export function writeBaseline(file: string, entries: BaselineEntry[]): void {
  const header = [
    '# Expected failures of one target (mcp-conform --baseline). Replace each reason with why the failure',
    '# is accepted for now; delete an entry once it is fixed (a stale entry fails the run).',
    '',
  ].join('\n');
  writeFileSync(file, `${header}${entries.length > 0 ? stringify(entries) : '[]\n'}`);
}
