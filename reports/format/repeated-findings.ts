// Groups findings that are one defect seen in many cells (issue 17: a transport answering 202 with a
// `null` body showed as 183 failures, one per cell). Summaries show such a group once with "one
// defect seen in N cells"; per-cell records (JSON, JSON Lines) stay complete.
import type { CheckResult, ScenarioResult } from '../../wire/results/index.js';
import { cellFindings } from './cell-findings.js';

export interface RepeatedFinding {
  /** What makes two findings the same defect: rule, verdict and message with numbers masked. */
  signature: string;
  /** The first occurrence in run order; its check is the one explained in full. */
  first: { cell: ScenarioResult; check: CheckResult };
  /** Every cell the finding was seen in, in run order, the first included. */
  cells: ScenarioResult[];
}

export interface RepeatedFindings {
  /** Groups of two cells or more, in the order their first cell ran. */
  groups: RepeatedFinding[];
  /** The group a check belongs to, when it is repeated. */
  groupOf(check: CheckResult): RepeatedFinding | undefined;
}

/** Request ids, sequence numbers, byte counts and durations differ from cell to cell while the
 * defect stays the same, so digits are masked; words, methods and rule ids still tell defects apart. */
function findingSignature(check: CheckResult): string {
  return `${check.rule.id}\u0000${check.status}\u0000${check.message.replace(/\d+/g, '#')}`;
}

/** The findings a summary reports (failures, errors and warnings) grouped by signature across cells.
 * A finding repeated inside one cell counts that cell once. */
export function groupRepeatedFindings(cells: readonly ScenarioResult[], strict: boolean): RepeatedFindings {
  const bySignature = new Map<string, RepeatedFinding>();
  const ofCheck = new Map<CheckResult, RepeatedFinding>();
  for (const cell of cells) {
    const f = cellFindings(cell, strict);
    for (const check of [...f.errors, ...f.failures, ...f.warnings]) {
      const signature = findingSignature(check);
      let group = bySignature.get(signature);
      if (!group) {
        group = { signature, first: { cell, check }, cells: [] };
        bySignature.set(signature, group);
      }
      if (group.cells.at(-1) !== cell) group.cells.push(cell);
      ofCheck.set(check, group);
    }
  }
  const groups = [...bySignature.values()].filter((g) => g.cells.length > 1);
  return {
    groups,
    groupOf: (check) => {
      const group = ofCheck.get(check);
      return group && group.cells.length > 1 ? group : undefined;
    },
  };
}

/** "one defect seen in 183 cells" */
export function repeatedPhrase(group: Pick<RepeatedFinding, 'cells'>): string {
  return `one defect seen in ${group.cells.length} cells`;
}
