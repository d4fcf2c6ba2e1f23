// Orchestrates a client-mode run: one cell per client scenario × revision, run concurrently with
// results handed to the reporters in plan order, as the server engine does.
import { expandRange, REVISIONS, type Revision } from '../../schema/revisions.js';
import { mapOrdered } from '../engine/index.js';
import { summarise, type Reporter, type RunHeader, type RunResult, type ScenarioResult } from '../../wire/results/index.js';
import { runClientCell, URL_PLACEHOLDER, type ClientCellInput } from './run-client-cell.js';
import type { ClientScenario } from './types.js';

export interface ClientRunOptions {
  scenarios: ClientScenario[];
  /** Revisions named by the user; empty = every revision. */
  revisions: Revision[];
  concurrency: number;
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
  const header: RunHeader = { ...options.header, revisions, planned: cells.length, startedAt: new Date(started).toISOString() };
  for (const r of options.reporters) await r.onRunStart?.(header);
  const results: ScenarioResult[] = [];
  await mapOrdered(
    cells,
    options.concurrency,
    async ({ scenario, revision }, index) => {
      for (const r of options.reporters)
        await r.onScenarioStart?.({ id: scenario.id, revision, transport: options.cell.command.includes(URL_PLACEHOLDER) ? 'http' : 'stdio', index });
      return runClientCell({
        ...options.cell,
        scenario,
        revision,
        revisionDemanded: options.revisions.includes(revision),
        repro: options.repro(scenario.id, revision),
      });
    },
    async (result) => {
      results.push(result);
      for (const r of options.reporters) await r.onScenarioEnd?.(result, { done: results.length, planned: cells.length });
    },
    options.signal,
  );
  const summary = summarise(results, Date.now() - started);
  const failing = summary.failed + summary.errored > 0;
  const run: RunResult = { ...header, summary, scenarios: results, endReason: options.signal?.aborted ? 'interrupted' : failing ? 'failed' : 'passed' };
  for (const r of options.reporters) await r.onRunEnd?.(run);
  return run;
}
