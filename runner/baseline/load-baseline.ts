// Reads an expected-failures baseline (YAML or JSON) with the same file:line:column problems as
// scenario files, and writes one from a run's failures (--write-baseline).
import { writeFileSync } from 'node:fs';
import { readUserFile } from '../../schema/index.js';
import { stringify } from 'yaml';
import { parseYamlSource, schemaProblems, SourceProblemsError, userFileSchema, userFileValidator } from '../../schema/scenario/index.js';
import type { BaselineEntry } from '../../wire/results/index.js';

const BASELINE_INVALID = 'MCPC_BASELINE_INVALID';

export function loadBaseline(file: string): BaselineEntry[] {
  const read = readUserFile(file, 'a baseline (YAML or JSON)');
  if (!read.ok) {
    const fix =
      read.reason === 'missing'
        ? 'Check the path given to --baseline, or create it with --write-baseline.'
        : 'Pass the YAML or JSON file written by --write-baseline to --baseline.';
    throw new SourceProblemsError(BASELINE_INVALID, `read the baseline ${file}`, [
      { code: BASELINE_INVALID, file, line: 0, column: 0, message: read.message, fix },
    ]);
  }
  const text = read.text;
  const source = parseYamlSource(file, text, BASELINE_INVALID);
  if (source.problems.length > 0) throw new SourceProblemsError(BASELINE_INVALID, `read the baseline ${file}`, source.problems);
  const value = source.value ?? [];
  const validate = userFileValidator('expected-failures');
  if (!validate(value)) {
    throw new SourceProblemsError(
      BASELINE_INVALID,
      `read the baseline ${file}`,
      schemaProblems(validate.errors ?? [], source, { code: BASELINE_INVALID, rootSchema: userFileSchema('expected-failures') }),
    );
  }
  return value as BaselineEntry[];
}

export function writeBaseline(file: string, entries: BaselineEntry[]): void {
  const header = [
    '# Expected failures of one target (mcp-conform --baseline). Replace each reason with why the failure',
    '# is accepted for now; delete an entry once it is fixed (a stale entry fails the run).',
    '',
  ].join('\n');
  writeFileSync(file, `${header}${entries.length > 0 ? stringify(entries) : '[]\n'}`);
}
