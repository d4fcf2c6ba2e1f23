// The probes' target processes on a stdio run whose cells share processes: each probe runs on a
// lease of a SharedProcess, and the process of a probe that ended cleanly is kept for the first
// unit of cells of its revision instead of being ended (a process start fewer per revision). The
// probe's opening is then that process's opening, replayed to the cells as any first cell's is.
import { isStateless, type Revision } from '../../schema/revisions.js';
import { openingTexts, type ClientIdentity, type Transport } from '../../wire/protocol/index.js';
import type { ProbeOutcome } from './probe.js';
import { SharedProcess } from './shared-process.js';
import { sendsCursors, sharingClass } from './process-sharing.js';
import type { PreparedCell } from './run-cell.js';

/** A probe's process kept for cells, and whether the probe followed cursors on it. */
export interface ProbedProcess {
  process: SharedProcess;
  cursorsFollowed: boolean;
}

export class ProbeProcesses {
  private readonly started = new Map<Revision, SharedProcess>();
  private readonly kept = new Map<Revision, ProbedProcess>();

  constructor(
    private readonly makeTransport: (revision?: Revision) => Transport,
    private readonly client: ClientIdentity,
    private readonly timeoutMs: number,
  ) {}

  /** The transport the probe of `revision` speaks on: a lease of a process that may be kept. */
  transportFor = (revision?: Revision): Transport => {
    if (revision === undefined) return this.makeTransport(revision);
    const shared = new SharedProcess(this.makeTransport(revision), revision);
    this.started.set(revision, shared);
    // A lease does not start its process (a shared one is started once): the probe's start does.
    return { ...shared.lease(), start: () => shared.start() };
  };

  /**
   * After the probes: keeps the process of each probe that ended cleanly at a revision the run
   * tests, and ends the others. Cleanly: the revision accepted, no finding, nothing said but
   * answers (`saidMore`: a notification after an answer would reach the first cell on a process of
   * its own, here the probe), every list answered,
   * the opening the runner's own (cells replay it), and a barrier answered, so that whatever the
   * probe's requests still caused is the probe's. A probe that followed cursors leaves the process
   * to cells that send none (`runSharedUnit`, as after a cell that followed cursors).
   */
  async settle(probes: readonly ProbeOutcome[], wanted: (probe: ProbeOutcome) => boolean): Promise<void> {
    await Promise.all(
      probes.map(async (probe) => {
        const shared = this.started.get(probe.revision);
        if (!shared) return;
        const opening = isStateless(probe.revision) ? [] : openingTexts(probe.revision, this.client);
        const clean =
          probe.accepted &&
          wanted(probe) &&
          (probe.findings?.length ?? 0) === 0 &&
          probe.saidMore !== true &&
          probe.profile.notes.length === 0 &&
          !shared.exited &&
          shared.openedWith(opening) &&
          (await shared.barrier(this.client, this.timeoutMs));
        if (clean) this.kept.set(probe.revision, { process: shared, cursorsFollowed: probe.followedCursors === true });
        else await shared.close().catch(() => undefined);
      }),
    );
    this.started.clear();
  }

  /**
   * The kept process of the unit's revision, once, for the first unit (its cells, in order) that can use it: its cells
   * open the conversation as the probe did (the run's client, no opener first), and none sends
   * cursors when the probe followed some (the process would end before them).
   */
  take(cells: readonly { prepared: PreparedCell }[]): ProbedProcess | undefined {
    const first = cells[0]?.prepared;
    if (!first || JSON.stringify(first.client) !== JSON.stringify(this.client)) return undefined;
    if (sharingClass(first.cell.scenario, first.cell.revision) === 'opener') return undefined;
    const kept = this.kept.get(first.cell.revision);
    if (!kept || (kept.cursorsFollowed && cells.some((c) => sendsCursors(c.prepared.cell.scenario.steps)))) return undefined;
    this.kept.delete(first.cell.revision);
    return kept;
  }

  /** Ends every process no unit took (and any a probe left unsettled). */
  async closeRest(): Promise<void> {
    const rest = [...[...this.kept.values()].map((kept) => kept.process), ...this.started.values()];
    this.kept.clear();
    this.started.clear();
    await Promise.all(rest.map((shared) => shared.close().catch(() => undefined)));
  }
}
