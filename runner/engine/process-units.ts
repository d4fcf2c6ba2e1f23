// Groups a run's stdio cells into units of work that each run on as few target processes as the
// scenarios allow, and runs one unit: cells in turn on a shared process, a new process whenever a
// cell leaves the last one unfit (it errored, crashed it, left an answer owed, or may have changed
// its state; see cell-fitness.ts). A cell's findings alone never end its process.
import type { Revision } from '../../schema/revisions.js';
import type { ScenarioResult } from '../../wire/results/index.js';
import { openingTexts, type Transport } from '../../wire/protocol/index.js';
import { executeCell, startFailure, type ExecutedCell, type PreparedCell } from './run-cell.js';
import { answersOnlyRequests, likelyChangesState, sendsCursors, sharingClass, stateEffect, type SharingClass } from './process-sharing.js';
import { SharedProcess } from './shared-process.js';
import type { ProbedProcess } from './probe-processes.js';
import { ruledOutBeforeRun } from './conditions.js';
import type { Step } from '../suite-loader/types.js';

/**
 * Most cells a unit runs before its `last` one: units short enough to spread over the workers, long
 * enough that few processes start.
 */
const MAX_CELLS_PER_UNIT = 16;

export interface PlacedCell {
  /** Position of the cell in the plan. */
  index: number;
  prepared: PreparedCell;
}

/** Cells run in order on shared processes; `isolated` units hold one cell with a process of its own. */
export interface ProcessUnit {
  isolated: boolean;
  cells: PlacedCell[];
}

/**
 * Splits the cells: a unit per cell that needs a process of its own, and for the others, per
 * revision and declared client, units that each end with at most one cell expected to leave its
 * process to nobody (a `last` cell, or one `likelyChangesState`), with before it at most one cell
 * that sends cursors (it may leave the process unfit for another such cell, `stateEffect`) and
 * cells that leave it as they found it. As many units as the larger of those two kinds, or more
 * when there are many cells, so that a process usually ends because its unit did. A cell that
 * opens the conversation itself (`opener`) goes first in a unit, which is where it would start a
 * process anyway; openers beyond the number of units get a process of their own.
 */
export function processUnits(cells: readonly PlacedCell[]): ProcessUnit[] {
  const units: ProcessUnit[] = [];
  const groups = new Map<string, { openers: PlacedCell[]; neutral: PlacedCell[]; cursors: PlacedCell[]; last: PlacedCell[] }>();
  for (const placed of cells) {
    const { cell, client, vars, env, scope } = placed.prepared;
    const kind: SharingClass = sharingClass(cell.scenario, cell.revision);
    if (kind === 'own') {
      units.push({ isolated: true, cells: [placed] });
      continue;
    }
    const key = `${cell.revision}\u0000${JSON.stringify(client)}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { openers: [], neutral: [], cursors: [], last: [] }));
    // Steps whose `when` already fails (a capability the target lacks, another revision) are not
    // counted: they will not run. The picks of `when`s bind the tool a later step names, in a copy
    // of the cell's variables (planning changes nothing in the cell).
    const planned = { ...scope, vars: { ...vars } };
    const mayRun = (step: Step) => step.when === undefined || !ruledOutBeforeRun(step.when, planned);
    if (kind === 'opener') group.openers.push(placed);
    else if (kind === 'last' || likelyChangesState(cell.scenario.steps, planned.vars, env.profile.tools, mayRun)) group.last.push(placed);
    else if (sendsCursors(cell.scenario.steps)) group.cursors.push(placed);
    else group.neutral.push(placed);
  }
  for (const { openers, neutral, cursors, last } of groups.values()) {
    const total = neutral.length + cursors.length + last.length;
    const count = Math.max(last.length, cursors.length, Math.ceil(total / MAX_CELLS_PER_UNIT));
    const shared: ProcessUnit[] = Array.from({ length: count }, () => ({ isolated: false, cells: [] }));
    openers.forEach((placed, i) => (i < count ? shared[i]!.cells.push(placed) : units.push({ isolated: true, cells: [placed] })));
    neutral.forEach((placed, i) => shared[i % count]!.cells.push(placed));
    // Spread from the other end, so units with fewer neutral cells take the cursor cells.
    cursors.forEach((placed, i) => shared[count - 1 - (i % count)]!.cells.push(placed));
    last.forEach((placed, i) => shared[i]!.cells.push(placed));
    units.push(...shared.filter((unit) => unit.cells.length > 0));
  }
  return units;
}

/**
 * Runs a unit's cells in order on shared processes. Each cell is judged once the process it ran on
 * has ended, with that process's close report, as a cell on a process of its own would be.
 */
export async function runSharedUnit(
  unit: ProcessUnit,
  makeTransport: (revision?: Revision) => Transport,
  probed?: ProbedProcess,
): Promise<Map<number, ScenarioResult>> {
  const results = new Map<number, ScenarioResult>();
  // A process the probe opened (probe-processes.ts), or none yet.
  let target: SharedProcess | undefined = probed?.process;
  // Cleared when a target leaves a barrier unanswered: it would cost every later process the same
  // wait, so the rest of the unit runs one process per cell.
  let barriersAnswered = true;
  let onProcess: { index: number; executed: ExecutedCell }[] = [];
  // Set once a cell on the current process followed cursors the process issued: a later cell that
  // sends cursors gets a fresh process (see stateEffect).
  let cursorsFollowed = probed?.cursorsFollowed === true;
  const retire = async () => {
    cursorsFollowed = false;
    if (!target) return;
    const close = await target.close();
    for (const { index, executed } of onProcess) results.set(index, executed.judge(close, onProcess.length));
    onProcess = [];
    target = undefined;
  };
  for (const [position, { index, prepared }] of unit.cells.entries()) {
    const { cell } = prepared;
    const kind = sharingClass(cell.scenario, cell.revision);
    // The cell's duration counts from here, not from when the unit was planned.
    prepared.started = Date.now();
    if (cursorsFollowed && sendsCursors(cell.scenario.steps)) await retire();
    // A cell that opens the conversation itself needs a process nobody opened (planned first anyway).
    if (kind === 'opener' && target) await retire();
    if (!target) {
      const fresh = new SharedProcess(makeTransport(cell.revision), cell.revision);
      try {
        await fresh.start();
      } catch (err) {
        results.set(index, prepared.finish({ status: 'errored', errorReason: startFailure(err) }));
        continue;
      }
      target = fresh;
    }
    // Only the first cell on a process this loop started meets it before it has said anything (a
    // probe's kept process has answered the probe).
    const executed = await executeCell(prepared, target.lease(), target.used === 1 && target !== probed?.process);
    onProcess.push({ index, executed });
    const more = position < unit.cells.length - 1;
    // An opener that wrote the runner's opening left the process as a runner-opened one; what it
    // sent after its opening is judged as any cell's.
    const opening = kind === 'opener' ? openingTexts(cell.revision, prepared.client) : [];
    const written = executed.session.outbound;
    const openedLikeRunner =
      kind === 'opener' &&
      target.openedWith(opening) &&
      opening.every((text, i) => written[i]?.text === text) &&
      answersOnlyRequests(written, executed.session.inbound);
    const outbound = openedLikeRunner ? written.slice(opening.length) : written;
    const effect = stateEffect(outbound, executed.session.inbound, prepared.env.profile.tools);
    let reusable =
      more && barriersAnswered && executed.settled() && target.opened && !target.exited && (kind === 'neutral' || openedLikeRunner) && effect !== 'changed';
    if (reusable) {
      // Whatever the process writes before answering the barrier is still this cell's (a late second
      // answer, a stray notification), so the cell is asked again whether it ended cleanly.
      barriersAnswered = await target.barrier(prepared.client, prepared.env.timeoutMs);
      reusable = barriersAnswered && executed.settled();
      // What the cell left unanswered on purpose (settled allows only that): an answer that comes
      // after all is still this cell's, not the next one's.
      if (reusable) target.leaveBehind(executed.session.unanswered().map((entry) => entry.id));
      if (effect === 'cursors') cursorsFollowed = true;
    }
    if (!reusable) await retire();
  }
  await retire();
  return results;
}
