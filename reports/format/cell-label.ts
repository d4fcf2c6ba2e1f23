// The name of a cell everywhere it is shown: `area/slug [revision]`, plus `(transport)` when the
// transport is not the default stdio, so two cells never share a name in any report.
import type { ScenarioResult } from '../../wire/results/index.js';

const DEFAULT_TRANSPORT = 'stdio';

export function cellLabel(cell: Pick<ScenarioResult, 'id' | 'revision' | 'transport'>): string {
  const transport = cell.transport && cell.transport !== DEFAULT_TRANSPORT ? ` (${cell.transport})` : '';
  return `${cell.id} [${cell.revision}]${transport}`;
}
