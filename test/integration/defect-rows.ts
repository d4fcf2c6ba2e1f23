// What the fixture-versus-suite tests share: the shape of a planted-defect row and the scenario ids
// of one area, read from suites/ so a new scenario file is covered without editing the test.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './run-cli.js';

/** A planted defect and the one check it must trip; each fixture folder's README mirrors its table. */
export interface DefectRow {
  defect: string;
  revision: string;
  scenario: string;
  rule: string;
  status: 'failed' | 'warning';
}

/** The ids of every scenario file of `suites/<area>/`, sorted. */
export function scenarioIdsOf(area: string): string[] {
  return readdirSync(join(ROOT, 'suites', area))
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => `${area}/${f.replace(/\.yaml$/, '')}`)
    .sort();
}
