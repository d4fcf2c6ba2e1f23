// Expands scenarios into cells (scenario x revision x transport). Cells that cannot apply are kept
// as skips with a reason, so nothing silently vanishes from a report.
import { expandRange, type Revision } from '../../schema/revisions.js';
import type { Scenario, TransportName } from '../suite-loader/types.js';

export interface Cell {
  scenario: Scenario;
  revision: Revision;
  transport: TransportName;
  /** Set when the cell is known not to apply before anything runs. */
  skipReason?: string;
  /** Position in the plan; reports follow this order whatever the completion order. */
  index: number;
}

export interface PlanInput {
  scenarios: Scenario[];
  /** Revisions under test (accepted by the target, or asked for). */
  revisions: Revision[];
  /** Revisions asked for but refused by the target, with the reason. */
  refused?: Map<Revision, string>;
  transport: TransportName;
  role: 'server' | 'client';
}

export function planCells(input: PlanInput): Cell[] {
  const cells: Cell[] = [];
  const all = [...input.revisions, ...(input.refused ? [...input.refused.keys()] : [])].sort();
  for (const scenario of input.scenarios) {
    if (scenario.role !== input.role) continue;
    const applicable = expandRange(scenario.revisions);
    for (const revision of all) {
      const cell: Cell = { scenario, revision, transport: input.transport, index: cells.length };
      const refused = input.refused?.get(revision);
      if (!applicable.includes(revision)) cell.skipReason = `not applicable to revision ${revision} (scenario covers ${describeRange(scenario.revisions)})`;
      else if (scenario.transports && !scenario.transports.includes(input.transport))
        cell.skipReason = `not applicable to the ${input.transport} transport (scenario covers ${scenario.transports.join(', ')})`;
      else if (refused) cell.skipReason = refused;
      cells.push(cell);
    }
  }
  return cells;
}

function describeRange(range: Scenario['revisions']): string {
  return Array.isArray(range) ? range.join(', ') : String(range);
}
