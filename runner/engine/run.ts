// Orchestrates a run: probe the target at each revision, plan the cells, run them concurrently,
// and stream lifecycle events to the reporters. Produces the immutable RunResult.
import { REVISIONS, type Revision } from '../../schema/revisions.js';
import type { ClientIdentity, Transport } from '../../wire/protocol/index.js';
import { planCells, type Cell } from '../plan/index.js';
import { summarise, type FuzzResult, type Reporter, type RunHeader, type RunResult, type ScenarioResult, type TargetInfo } from '../../wire/results/index.js';
import type { RuleLookup, Validators } from '../steps/index.js';
import type { MessageValidator } from '../checks/index.js';
import type { Scenario } from '../suite-loader/types.js';
import type { RunConfig } from '../config/index.js';
import { mapOrdered } from './pool.js';
import { acceptedRevisions } from './accepted-revisions.js';
import { probeRevision, type ProbeOutcome } from './probe.js';
import { runCell } from './run-cell.js';
import type { AuthorizationContext } from './authorization-context.js';

export interface SuiteRunOptions {
  config: RunConfig;
  scenarios: Scenario[];
  rules: RuleLookup;
  /** A fresh transport for one cell or probe; told the revision it will speak (HTTP headers need it). */
  makeTransport: (revision?: Revision) => Transport;
  /** Per-revision validators (schema module); absent in unit tests that do not need them. */
  validatorsFor: (revision: Revision) => { validators: Validators; messageValidator?: MessageValidator };
  reporters: Reporter[];
  tool: { name: string; version: string };
  target: TargetInfo;
  client: ClientIdentity;
  repro: (cell: Cell) => string;
  signal?: AbortSignal;
  /**
   * Fuzzes the target after the cells and before the reporters end the run, so every report
   * carries the result (`--fuzz`). Not called when the target was unavailable or the run interrupted.
   */
  fuzz?: (run: RunResult) => Promise<FuzzResult | undefined>;
  /** Authorization given to the run (--auth-token, --auth-mock): the scenarios' `auth` variable. */
  auth?: AuthorizationContext;
}

export async function runSuite(options: SuiteRunOptions): Promise<RunResult> {
  const started = Date.now();
  const { config } = options;
  // Every known revision is probed even when --revision narrows the run: scenarios may judge an
  // answer against the full set the target accepts (e.g. a counter-offer naming its latest one).
  const probes = await mapOrdered(
    [...REVISIONS],
    config.concurrency,
    (revision) => probeRevision(revision, options.makeTransport, options.client, config.timeoutMs),
    () => undefined,
  );
  const wanted = (p: ProbeOutcome) => config.revisions.length === 0 || config.revisions.includes(p.revision);
  const everyAccepted = probes.filter((p) => p.accepted);
  const accepted = everyAccepted.filter(wanted);
  const refused = new Map<Revision, string>();
  if (config.revisions.length > 0) for (const p of probes) if (wanted(p) && !p.accepted) refused.set(p.revision, p.reason ?? 'refused');
  const acceptedSet = acceptedRevisions(everyAccepted.map((p) => p.revision));
  const target: TargetInfo = {
    ...options.target,
    acceptedRevisions: acceptedSet.all,
    ...(accepted[0]?.profile.serverInfo ? { serverInfo: accepted[0].profile.serverInfo } : {}),
  };
  const revisions = accepted.map((p) => p.revision);
  const cells =
    accepted.length === 0
      ? []
      : planCells({ scenarios: options.scenarios, revisions, refused, transport: transportName(options.target), role: 'server' });
  const header: RunHeader = {
    tool: options.tool,
    target,
    revisions,
    startedAt: new Date(started).toISOString(),
    strict: config.strict,
    seed: config.seed,
    planned: cells.length,
    ...(options.fuzz && accepted.length > 0 ? { fuzzPlanned: true } : {}),
  };
  for (const r of options.reporters) await r.onRunStart?.(header);

  if (accepted.length === 0) {
    const result: RunResult = {
      ...header,
      summary: summarise([], Date.now() - started),
      scenarios: [],
      endReason: 'target-unavailable',
      fatal: describeRefusal(probes.filter(wanted)),
    };
    for (const r of options.reporters) await r.onRunEnd?.(result);
    return result;
  }

  const profiles = new Map(accepted.map((p) => [p.revision, p.profile]));
  const validators = new Map(revisions.map((r) => [r, options.validatorsFor(r)]));
  let done = 0;
  const results = await mapOrdered(
    cells,
    config.concurrency,
    async (cell) => {
      for (const r of options.reporters) await r.onScenarioStart?.({ id: cell.scenario.id, revision: cell.revision, transport: cell.transport, index: cell.index });
      const profile = profiles.get(cell.revision) ?? accepted[0]!.profile;
      const v = validators.get(cell.revision) ?? options.validatorsFor(cell.revision);
      return runCell(cell, {
        makeTransport: options.makeTransport,
        profile,
        accepted: acceptedSet,
        client: options.client,
        timeoutMs: config.timeoutMs,
        seed: config.seed,
        strict: config.strict,
        rules: options.rules,
        validators: v.validators,
        ...(v.messageValidator ? { messageValidator: v.messageValidator } : {}),
        repro: options.repro(cell),
        ...(options.auth ? { auth: options.auth } : {}),
      });
    },
    async (result: ScenarioResult) => {
      done++;
      for (const r of options.reporters) await r.onScenarioEnd?.(result, { done, planned: cells.length });
    },
    options.signal,
    slowestFirst(cells),
  );
  const interrupted = options.signal?.aborted === true && results.length < cells.length;
  const summary = summarise(results, Date.now() - started);
  const run: RunResult = {
    ...header,
    summary,
    scenarios: results,
    endReason: interrupted ? 'interrupted' : summary.failed > 0 || summary.errored > 0 ? 'failed' : 'passed',
  };
  if (options.fuzz && !interrupted) {
    const fuzz = await options.fuzz(run);
    if (fuzz) run.fuzz = fuzz;
    if (fuzz?.status === 'failed' && run.endReason === 'passed') run.endReason = 'failed';
  }
  for (const r of options.reporters) await r.onRunEnd?.(run);
  return run;
}

/**
 * Start order for the cells: scenarios that declare a longer timeout (they wait on slow tools,
 * tasks or streams) first, otherwise plan order. The report keeps plan order either way; this only
 * keeps a few long cells from starting last and stretching the run.
 */
export function slowestFirst(cells: readonly Cell[]): number[] {
  const bound = (c: Cell) => c.scenario.timeoutMs ?? 0;
  return cells.map((_, i) => i).sort((a, b) => bound(cells[b]!) - bound(cells[a]!) || a - b);
}

function transportName(target: TargetInfo): Cell['transport'] {
  return target.kind === 'in-memory' ? 'in-memory' : target.kind;
}

function describeRefusal(probes: ProbeOutcome[]): string {
  const lines = probes.map((p) => `  ${p.revision}: ${p.reason ?? 'refused'}`);
  const unreachable = probes.every((p) => p.unreachable);
  const head = unreachable
    ? 'Failed to reach the target: it could not be started or never answered.'
    : 'Failed to find a revision the target accepts among those requested.';
  const stderr = probes.find((p) => p.stderr.length > 0)?.stderr.slice(-10) ?? [];
  return [head, ...lines, ...(stderr.length ? ['  last lines of its stderr:', ...stderr.map((l) => `    | ${l}`)] : [])].join('\n');
}
