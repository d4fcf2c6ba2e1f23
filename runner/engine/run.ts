// Orchestrates a run: probe the target at each revision, plan the cells, run them concurrently,
// and stream lifecycle events to the reporters. Produces the immutable RunResult.
import { REVISIONS, type Revision } from '../../schema/revisions.js';
import type { ClientIdentity, Transport, TransportRequest } from '../../wire/protocol/index.js';
import { planCells, type Cell } from '../plan/index.js';
import {
  cellsFailRun,
  scenarioStatus,
  summarise,
  type FuzzResult,
  type Reporter,
  type RunHeader,
  type RunResult,
  type ScenarioResult,
  type TargetInfo,
} from '../../wire/results/index.js';
import type { RuleLookup, Validators } from '../steps/index.js';
import type { MessageValidator } from '../checks/index.js';
import type { Scenario } from '../suite-loader/types.js';
import { DEFAULT_TOOL_CHOICE, withDeclarationsOf, type RunConfig } from '../config/index.js';
import { mapOrdered } from './pool.js';
import { acceptedRevisions, readsAcceptedRevisions } from './accepted-revisions.js';
import { picksToolToCall } from './conditions.js';
import { ExclusiveGate } from './exclusive-gate.js';
import { probeRevision, type ProbeOutcome } from './probe.js';
import { faultedCell, prepareCell, runCell, type CellEnvironment } from './run-cell.js';
import { describeFault, runnerFaultCheck } from './runner-fault.js';
import { emptyProfile } from './profile.js';
import { processUnits, runSharedUnit, type PlacedCell } from './process-units.js';
import { ProbeProcesses } from './probe-processes.js';
import { longestDeclaredWait } from './declared-wait.js';
import type { AuthorizationContext } from './authorization-context.js';
import { RerunQueue } from './rerun.js';

export interface SuiteRunOptions {
  config: RunConfig;
  scenarios: Scenario[];
  rules: RuleLookup;
  /** A fresh transport for one cell or probe; told the revision it will speak (HTTP headers need it). */
  makeTransport: (revision?: Revision, request?: TransportRequest) => Transport;
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
  // When --revision narrows the run, every known revision is still probed if a selected scenario
  // reads `accepted` (it may judge an answer against the full set the target accepts, e.g. a
  // counter-offer naming its latest one); otherwise only the revisions under test are.
  const probed = probedRevisions(config.revisions, options.scenarios);
  const stdio = transportName(options.target) === 'stdio';
  const shared = config.isolate !== true && stdio;
  // On shared processes, a probe's process that ended cleanly serves the first cells of its revision.
  const probeProcesses = shared ? new ProbeProcesses(options.makeTransport, options.client, config.timeoutMs) : undefined;
  const probes = await mapOrdered(
    probed,
    config.concurrency,
    (revision) =>
      // Judged without the schema validator: every message of the probe's handshake recurs in the
      // cells, which validate it; the probe adds what only it can see (correlation, framing, bytes).
      probeRevision(revision, probeProcesses?.transportFor ?? options.makeTransport, options.client, config.timeoutMs, { rules: options.rules }).catch(
        (err: unknown): ProbeOutcome => ({
          revision,
          accepted: false,
          reason: `mcp-conform failed while probing (a runner bug, not the target's fault): ${describeFault(err)}`,
          profile: emptyProfile(revision),
          stderr: [],
          findings: [runnerFaultCheck(err, `probing revision ${revision}`)],
        }),
      ),
    () => undefined,
  );
  const wanted = (p: ProbeOutcome) => config.revisions.length === 0 || config.revisions.includes(p.revision);
  await probeProcesses?.settle(probes, wanted);
  const everyAccepted = probes.filter((p) => p.accepted);
  const accepted = everyAccepted.filter(wanted);
  const refused = new Map<Revision, string>();
  if (config.revisions.length > 0) for (const p of probes) if (wanted(p) && !p.accepted) refused.set(p.revision, p.reason ?? 'refused');
  const acceptedSet = acceptedRevisions(everyAccepted.map((p) => p.revision));
  const target: TargetInfo = {
    ...options.target,
    acceptedRevisions: acceptedSet.all,
    ...(probed.length < REVISIONS.length ? { probedRevisions: probed } : {}),
    ...(accepted[0]?.profile.serverInfo ? { serverInfo: accepted[0].profile.serverInfo } : {}),
  };
  const revisions = accepted.map((p) => p.revision);
  const cells =
    accepted.length === 0 ? [] : planCells({ scenarios: options.scenarios, revisions, refused, transport: transportName(options.target), role: 'server' });
  // Rules broken while probing are findings like any cell's, reported before the cells.
  const probeResults = probes.filter((p) => wanted(p) && p.findings && p.findings.length > 0).map((p) => probeResult(p, options, config.strict));
  const header: RunHeader = {
    tool: options.tool,
    target,
    revisions,
    startedAt: new Date(started).toISOString(),
    strict: config.strict,
    seed: config.seed,
    planned: cells.length + probeResults.length,
    retries: config.retries ?? 0,
    ...(config.failOnFlaky ? { failOnFlaky: true } : {}),
    ...(options.fuzz && accepted.length > 0 ? { fuzzPlanned: true } : {}),
  };
  for (const r of options.reporters) await r.onRunStart?.(header);

  for (const [i, result] of probeResults.entries()) {
    for (const r of options.reporters) await r.onScenarioEnd?.(result, { done: i + 1, planned: cells.length + probeResults.length });
  }

  if (accepted.length === 0) {
    await probeProcesses?.closeRest();
    const result: RunResult = {
      ...header,
      summary: summarise(probeResults, Date.now() - started),
      scenarios: probeResults,
      // A target that broke rules while probing was reached: those findings, not "unavailable", are the verdict.
      endReason: probeResults.some((r) => r.status !== 'passed') ? 'failed' : 'target-unavailable',
      fatal: describeRefusal(probes.filter(wanted)),
    };
    await endRun(options.reporters, result);
    return result;
  }

  const profiles = new Map(accepted.map((p) => [p.revision, p.profile]));
  const tools = withDeclarationsOf(
    config.tools ?? DEFAULT_TOOL_CHOICE,
    everyAccepted.map((p) => p.profile.tools),
  );
  const validators = new Map(revisions.map((r) => [r, options.validatorsFor(r)]));
  const envFor = (cell: Cell): CellEnvironment => {
    const v = validators.get(cell.revision) ?? options.validatorsFor(cell.revision);
    return {
      makeTransport: options.makeTransport,
      profile: profiles.get(cell.revision) ?? accepted[0]!.profile,
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
      tools,
    };
  };
  let done = 0;
  const started_ = (cell: Cell) =>
    Promise.all(
      options.reporters.map((r) => r.onScenarioStart?.({ id: cell.scenario.id, revision: cell.revision, transport: cell.transport, index: cell.index })),
    );
  const ended = async (result: ScenarioResult) => {
    done++;
    for (const r of options.reporters) await r.onScenarioEnd?.(result, { done: done + probeResults.length, planned: cells.length + probeResults.length });
  };
  // Failed and errored cells reach the reporters once their re-run alone has settled them.
  const rerun = new RerunQueue(config.retries ?? 0, ended);
  const offer = (result: ScenarioResult, index: number) => rerun.offer(result, index);
  // Off stdio every cell meets the same server: a scenario that asks to be isolated runs alone.
  const gate = new ExclusiveGate();
  const results = shared
    ? await runSharing(cells, envFor, options, started_, offer, probeProcesses)
    : await mapOrdered(
        cells,
        config.concurrency,
        (cell) => {
          const env = envFor(cell);
          return gate.run(!stdio && cell.scenario.isolate === true && runsAtAll(cell, env), async () => {
            await started_(cell);
            return runCell(cell, env);
          });
        },
        offer,
        options.signal,
        startOrder(cells, !stdio),
      );
  // Every other cell has ended (and every shared process is closed): each re-run has the target to itself.
  for (const [index, final] of await rerun.drain((index) => runCell(cells[index]!, envFor(cells[index]!)), options.signal)) results[index] = final;
  const interrupted = options.signal?.aborted === true && results.length < cells.length;
  const summary = summarise([...probeResults, ...results], Date.now() - started);
  const run: RunResult = {
    ...header,
    summary,
    scenarios: [...probeResults, ...results],
    endReason: interrupted ? 'interrupted' : cellsFailRun(summary, config.failOnFlaky) ? 'failed' : 'passed',
  };
  if (options.fuzz && !interrupted) {
    const fuzz = await options.fuzz(run);
    if (fuzz) run.fuzz = fuzz;
    if (fuzz?.status === 'failed' && run.endReason === 'passed') run.endReason = 'failed';
  }
  await endRun(options.reporters, run);
  return run;
}

/** The revisions to probe: every known one, unless the run is narrowed and no scenario reads `accepted`. */
function probedRevisions(wanted: readonly Revision[], scenarios: readonly Scenario[]): Revision[] {
  if (wanted.length === 0 || scenarios.some(readsAcceptedRevisions)) return [...REVISIONS];
  // A 2024-11-05 listing has no annotations: which tools its cells may call is read from the
  // target's listings at the revisions that have them (withDeclarationsOf), so those are probed too.
  if (wanted.includes('2024-11-05') && scenarios.some(picksToolToCall)) return [...REVISIONS];
  return REVISIONS.filter((r) => wanted.includes(r));
}

/**
 * Hands the finished run to every reporter, also when one of them fails: one report that cannot be
 * written must not cost the others. The first failure is raised once all have had their turn.
 */
async function endRun(reporters: Reporter[], run: RunResult): Promise<void> {
  let failure: unknown;
  for (const r of reporters) {
    try {
      await r.onRunEnd?.(run);
    } catch (err) {
      failure ??= err;
    }
  }
  if (failure !== undefined) throw failure;
}

/**
 * Runs the cells with target processes shared where the scenarios allow it (process-units.ts),
 * handing results to `ended` in plan order, as mapOrdered does for isolated cells.
 */
async function runSharing(
  cells: readonly Cell[],
  envFor: (cell: Cell) => CellEnvironment,
  options: SuiteRunOptions,
  started: (cell: Cell) => Promise<unknown>,
  ended: (result: ScenarioResult, index: number) => Promise<void>,
  probeProcesses: ProbeProcesses | undefined,
): Promise<ScenarioResult[]> {
  const results: (ScenarioResult | undefined)[] = new Array(cells.length);
  let flushed = 0;
  let chain = Promise.resolve();
  const settle = (index: number, result: ScenarioResult) => {
    results[index] = result;
    while (flushed < cells.length && results[flushed]) {
      const at = flushed++;
      const ready = results[at]!;
      chain = chain.then(() => ended(ready, at));
    }
  };
  const placed: PlacedCell[] = [];
  for (const cell of cells) {
    const prepared = prepareCell(cell, envFor(cell));
    if ('result' in prepared) {
      await started(cell);
      settle(cell.index, prepared.result);
    } else placed.push({ index: cell.index, prepared });
  }
  const units = processUnits(placed);
  // Each unit's longest declared wait, read once rather than in every comparison of the sort.
  const bounds = units.map((u) => Math.max(...u.cells.map((c) => longestDeclaredWait(c.prepared.cell.scenario))));
  const order = units.map((_, i) => i).sort((a, b) => bounds[b]! - bounds[a]! || a - b);
  const { config } = options;
  try {
    await mapOrdered(
      units,
      config.concurrency,
      async (unit) => {
        for (const c of unit.cells) await started(c.prepared.cell);
        if (unit.isolated) {
          const only = unit.cells[0]!;
          settle(only.index, await runCell(only.prepared.cell, only.prepared.env));
          return;
        }
        const unitStarted = Date.now();
        try {
          const byIndex = await runSharedUnit(unit, options.makeTransport, probeProcesses?.take(unit.cells));
          for (const [index, result] of byIndex) settle(index, result);
        } catch (err) {
          for (const c of unit.cells) if (!results[c.index]) settle(c.index, faultedCell(c.prepared.cell, c.prepared.env, err, unitStarted));
        }
      },
      () => undefined,
      options.signal,
      order,
    );
  } finally {
    await probeProcesses?.closeRest();
  }
  await chain;
  return results.slice(0, flushed) as ScenarioResult[];
}

/**
 * Start order for the cells: scenarios that declare a longer wait (they wait on slow tools, tasks
 * or streams; declared-wait.ts) first, otherwise plan order. The report keeps plan order either
 * way; this only keeps a few long cells from starting last and stretching the run. With one server
 * for every cell (`aloneFirst`), cells that must have it to themselves go before all of them:
 * queued later, one would wait for every cell in flight to end, the slowest included, while no
 * other cell may start (against server-everything over HTTP, about a second at a concurrency of 2
 * to 5 behind its 4-second task cells).
 */
function startOrder(cells: readonly Cell[], aloneFirst: boolean): number[] {
  const alone = cells.map((c) => (aloneFirst && c.scenario.isolate === true && !c.skipReason ? 1 : 0));
  const bound = cells.map((c) => longestDeclaredWait(c.scenario));
  return cells.map((_, i) => i).sort((a, b) => alone[b]! - alone[a]! || bound[b]! - bound[a]! || a - b);
}

/**
 * Whether a cell will talk to the target: one skipped before any connection (another revision, a
 * requirement the target does not meet) needs no server to itself. A scenario whose conditions
 * throw is left to runCell, which reports it; it takes the gate meanwhile.
 */
function runsAtAll(cell: Cell, env: CellEnvironment): boolean {
  try {
    return !('result' in prepareCell(cell, env));
  } catch {
    return true;
  }
}

function transportName(target: TargetInfo): Cell['transport'] {
  return target.kind === 'in-memory' ? 'in-memory' : target.kind;
}

/** The probe of one revision as a result: its findings and transcript, in the place of a cell. */
function probeResult(p: ProbeOutcome, options: SuiteRunOptions, strict: boolean): ScenarioResult {
  const checks = p.findings ?? [];
  return {
    id: 'probe',
    title: `The probe at ${p.revision}: opening the conversation and listing what the target offers`,
    area: 'probe',
    revision: p.revision,
    transport: transportName(options.target),
    status: scenarioStatus(checks, strict),
    durationMs: 0,
    checks,
    transcript: p.transcript ?? [],
    stderr: p.stderr,
    // Any run at this revision probes first, so the cell's command without its scenario filter reproduces it.
    repro: options
      .repro({ scenario: { id: 'probe' } as Cell['scenario'], revision: p.revision, transport: transportName(options.target), index: -1 })
      .replace(/\s--scenario\s+('[^']*'|\S+)/, ''),
    tags: [],
  };
}

function describeRefusal(probes: ProbeOutcome[]): string {
  // A target that cannot start fails the same way at every revision: say it once.
  // Revisions that failed for the same reason share one line.
  const byReason = new Map<string, Revision[]>();
  for (const p of probes) byReason.set(p.reason ?? 'refused', [...(byReason.get(p.reason ?? 'refused') ?? []), p.revision]);
  const lines = [...byReason].map(([reason, revs]) => `  ${revs.length > 1 && revs.length === probes.length ? 'every revision' : revs.join(', ')}: ${reason}`);
  const unreachable = probes.every((p) => p.unreachable);
  const head = unreachable
    ? 'Failed to reach the target: it could not be started or never answered.'
    : 'Failed to find a revision the target accepts among those requested.';
  const stderr = probes.find((p) => p.stderr.length > 0)?.stderr.slice(-10) ?? [];
  return [head, ...lines, ...(stderr.length ? ['  last lines of its stderr:', ...stderr.map((l) => `    | ${l}`)] : [])].join('\n');
}
