// Orchestrates a client-mode run: one cell per client scenario × revision, run concurrently with
// results handed to the reporters in plan order, as the server engine does.
import { expandRange, REVISIONS, type Revision } from '../../schema/revisions.js';
import { mapOrdered, RerunQueue } from '../engine/index.js';
import { cellsFailRun, summarise, type Reporter, type RunHeader, type RunResult } from '../../wire/results/index.js';
import { runClientCell, URL_PLACEHOLDER, type ClientCellInput } from './run-client-cell.js';
import type { ClientScenario } from './types.js';

export interface ClientRunOptions {
  scenarios: ClientScenario[];
  /** Revisions named by the user; empty = every revision. */
  revisions: Revision[];
  concurrency: number;
  /** Re-runs of a failed or errored cell, alone, once the others have ended (runner/engine/rerun.ts). */
  retries: number;
  /** A flaky cell fails the run. */
  failOnFlaky?: boolean;
  reporters: Reporter[];
  header: Omit<RunHeader, 'revisions' | 'planned' | 'startedAt'>;
  /** Everything a cell needs except the scenario, the revision and whether it was demanded. */
  cell: Omit<ClientCellInput, 'scenario' | 'revision' | 'revisionDemanded' | 'repro'>;
  repro(scenarioId: string, revision: Revision): string;
  signal?: AbortSignal;
}

export async function runClients(options: ClientRunOptions): Promise<RunResult> {
  const started = Date.now();
  const revisions = options.revisions.length > 0 ? options.revisions : [...REVISIONS];
  const cells = options.scenarios.flatMap((scenario) => {
    const covered = expandRange(scenario.revisions);
    return revisions.filter((r) => covered.includes(r)).map((revision) => ({ scenario, revision }));
  });
  const header: RunHeader = {
    ...options.header,
    revisions,
    planned: cells.length,
    startedAt: new Date(started).toISOString(),
    retries: options.retries,
    ...(options.failOnFlaky ? { failOnFlaky: true } : {}),
  };
  for (const r of options.reporters) await r.onRunStart?.(header);
  let done = 0;
  const runCellAt = (index: number) => {
    const { scenario, revision } = cells[index]!;
    return runClientCell({
      ...options.cell,
      scenario,
      revision,
      revisionDemanded: options.revisions.includes(revision),
      repro: options.repro(scenario.id, revision),
    });
  };
  // Failed and errored cells reach the reporters once their re-run alone has settled them.
  const rerun = new RerunQueue(options.retries, async (result) => {
    done++;
    for (const r of options.reporters) await r.onScenarioEnd?.(result, { done, planned: cells.length });
  });
  const results = await mapOrdered(
    cells,
    options.concurrency,
    async ({ scenario, revision }, index) => {
      for (const r of options.reporters)
        await r.onScenarioStart?.({ id: scenario.id, revision, transport: options.cell.command.includes(URL_PLACEHOLDER) ? 'http' : 'stdio', index });
      return runCellAt(index);
    },
    (result, index) => rerun.offer(result, index),
    options.signal,
  );
  // Every other client has ended: each re-run starts the client alone, against a fresh mock.
  for (const [index, final] of await rerun.drain(runCellAt, options.signal)) results[index] = final;
  const summary = summarise(results, Date.now() - started);
  const failing = cellsFailRun(summary, options.failOnFlaky);
  const run: RunResult = { ...header, summary, scenarios: results, endReason: options.signal?.aborted ? 'interrupted' : failing ? 'failed' : 'passed' };
  for (const r of options.reporters) await r.onRunEnd?.(run);
  return run;
}
