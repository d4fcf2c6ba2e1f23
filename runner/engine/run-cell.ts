// Runs one cell: a fresh connection to the target, the handshake, the scenario's steps, the
// always-on checks, and a guaranteed close. Returns the cell's result; never throws for target
// misbehaviour (that becomes a finding).
import { compareRevisions, isStateless, type Revision } from '../../schema/revisions.js';
import { alwaysOnChecks, type MessageValidator } from '../checks/index.js';
import { Session, TransportStartError, type ClientIdentity, type CloseReport, type Transport, type TransportRequest } from '../../wire/protocol/index.js';
import { scenarioStatus, type CheckResult, type ScenarioResult } from '../../wire/results/index.js';
import { performHandshake, reviseLateAnswers, runStep, StepError, type ExecutionContext, type RuleLookup, type Validators } from '../steps/index.js';
import type { Cell } from '../plan/index.js';
import type { Step } from '../suite-loader/types.js';
import { whyNot } from './conditions.js';
import { repliesFor } from './default-replies.js';
import { acceptedRevisions, type AcceptedRevisions } from './accepted-revisions.js';
import type { TargetProfile } from './profile.js';
import type { AuthorizationContext } from './authorization-context.js';
import { describeFault, runnerFaultCheck } from './runner-fault.js';
import { processFit, silentLabels } from './cell-fitness.js';
import { RegexTimeoutError } from '../matchers/index.js';
import { userArguments, type ToolChoice } from '../config/index.js';

export interface CellEnvironment {
  makeTransport: (revision?: Revision, request?: TransportRequest) => Transport;
  profile: TargetProfile;
  /** The revisions the target accepted in the probes (all of them, whatever --revision narrowed). */
  accepted?: AcceptedRevisions;
  client: ClientIdentity;
  timeoutMs: number;
  seed: number;
  strict: boolean;
  rules: RuleLookup;
  validators: Validators;
  messageValidator?: MessageValidator;
  repro: string;
  /** Set when the run tests authorization (--auth-token, --auth-mock): the `auth` variable. */
  auth?: AuthorizationContext;
  /** Which tools the cell may call and with what arguments (default: those declared harmless). */
  tools?: ToolChoice;
}

/** A cell whose conditions hold, ready to run on a transport. */
export interface PreparedCell {
  cell: Cell;
  env: CellEnvironment;
  client: ClientIdentity;
  replies: ReturnType<typeof repliesFor>;
  vars: Record<string, unknown>;
  scope: Parameters<typeof whyNot>[1];
  started: number;
  finish: (rest: Partial<ScenarioResult> & Pick<ScenarioResult, 'status'>) => ScenarioResult;
}

/** A cell whose steps have run; judged once the process it ran on has ended. */
export interface ExecutedCell {
  session: Session;
  /**
   * True when the cell left its process fit for the next cell (`processFit`: nothing errored, no
   * anomaly, no answer still owed); findings about what the answers said do not count. A function
   * because output that arrives after the steps (a late second answer) can still unsettle it.
   */
  settled: () => boolean;
  /** The close report of its own transport, when a step closed it. */
  closeReport?: CloseReport;
  /** `servedCells`: how many cells the process served, when it was shared (its close is theirs too). */
  judge: (close: CloseReport | undefined, servedCells?: number) => ScenarioResult;
}

export async function runCell(cell: Cell, env: CellEnvironment): Promise<ScenarioResult> {
  const started = Date.now();
  try {
    return await runCellUnguarded(cell, env);
  } catch (err) {
    // A pattern of the scenario's conditions that took too long: the scenario file is at fault.
    if (err instanceof RegexTimeoutError) {
      return { ...faultedCell(cell, env, err, started), checks: [], errorReason: `scenario error: ${err.message} (a condition of ${cell.scenario.file})` };
    }
    // A fault outside the steps and checks (preparing, starting, closing): the other cells and the
    // reports must not be lost to it, and the target is not blamed.
    return faultedCell(cell, env, err, started);
  }
}

/** The result of a cell that mcp-conform itself failed to run. */
export function faultedCell(cell: Cell, env: Pick<CellEnvironment, 'repro'>, err: unknown, started: number): ScenarioResult {
  return {
    id: cell.scenario.id,
    title: cell.scenario.title,
    area: cell.scenario.area,
    revision: cell.revision,
    transport: cell.transport,
    status: 'errored',
    errorReason: `mcp-conform failed (a runner bug, not the target's fault): ${describeFault(err)}`,
    durationMs: Date.now() - started,
    checks: [runnerFaultCheck(err, 'running this cell')],
    transcript: [],
    stderr: [],
    repro: env.repro,
    tags: cell.scenario.tags,
  };
}

async function runCellUnguarded(cell: Cell, env: CellEnvironment): Promise<ScenarioResult> {
  const prepared = prepareCell(cell, env);
  if ('result' in prepared) return prepared.result;
  // A scenario that compares connections gets none another cell used (a shared keep-alive pool).
  const transport = env.makeTransport(cell.revision, cell.scenario.isolate === true ? { ownConnections: true } : undefined);
  try {
    await transport.start();
  } catch (err) {
    return prepared.finish({ status: 'errored', errorReason: startFailure(err) });
  }
  const executed = await executeCell(prepared, transport);
  const close = executed.closeReport ?? (await transport.close());
  return executed.judge(close);
}

export function startFailure(err: unknown): string {
  return err instanceof TransportStartError ? err.message : (err as Error).message;
}

/** Everything decided before a connection: the skip reasons, the client, the variables. */
export function prepareCell(cell: Cell, env: CellEnvironment): PreparedCell | { result: ScenarioResult } {
  const started = Date.now();
  const { scenario, revision } = cell;
  const base = {
    id: scenario.id,
    title: scenario.title,
    area: scenario.area,
    revision,
    transport: cell.transport,
    repro: env.repro,
    tags: scenario.tags,
  };
  const finish = (rest: Partial<ScenarioResult> & Pick<ScenarioResult, 'status'>): ScenarioResult => ({
    ...base,
    checks: [],
    transcript: [],
    stderr: [],
    durationMs: Date.now() - started,
    ...rest,
  });
  if (cell.skipReason) return { result: finish({ status: 'skipped', skipReason: cell.skipReason }) };

  const client = cellClient(scenario, env.client);
  const replies = repliesFor(client.capabilities as Record<string, unknown> | undefined, scenario.replies);
  const vars: Record<string, unknown> = {
    revision,
    // The MCP-Protocol-Version header value a client of this revision sends; unset before 2025-06-18,
    // which has no such header, so `http` steps that name it leave the header out there.
    ...(compareRevisions(revision, '2025-06-18') >= 0 ? { protocolVersionHeader: revision } : {}),
    clientInfo: client.clientInfo,
    clientCapabilities: client.capabilities,
    serverInfo: env.profile.serverInfo,
    serverCapabilities: env.profile.capabilities,
    accepted: env.accepted ?? acceptedRevisions([revision]),
    ...(env.auth ? { auth: env.auth } : {}),
    // The scenario's scripted answers, so a 2026-07-28 retry can answer inputRequests with them.
    replies,
    profile: {
      tools: env.profile.tools,
      resources: env.profile.resources,
      resourceTemplates: env.profile.resourceTemplates,
      prompts: env.profile.prompts,
      // What made a list's pages unsafe to judge as one list (probe.ts), by list.
      unsettled: env.profile.unsettled,
    },
  };
  const scope = { revision, transport: cell.transport, vars, profile: env.profile, ...(env.tools ? { tools: env.tools } : {}) };
  for (const condition of scenario.requires) {
    const reason = whyNot(condition, scope);
    if (reason) return { result: finish({ status: 'skipped', skipReason: reason }) };
  }
  return { cell, env, client, replies, vars, scope, started, finish };
}

/** The user's arguments for a tool, by its name (a fresh copy each time: a step may change what it gets). */
function argumentsOf(choice: ToolChoice): (toolName: string) => Record<string, unknown> | undefined {
  return (toolName) => userArguments(choice, toolName);
}

/** The client the runner declares in a cell: the run's, with the scenario's overrides. */
function cellClient(scenario: Cell['scenario'], runClient: ClientIdentity): ClientIdentity {
  return {
    clientInfo: { ...runClient.clientInfo, ...(scenario.client?.clientInfo ?? {}) } as ClientIdentity['clientInfo'],
    capabilities: scenario.client?.capabilities ?? runClient.capabilities,
  };
}

/**
 * Runs the handshake and the steps on a started transport. The always-on checks wait for `judge`,
 * because they include how the process ended, which a shared process shows only after its last cell.
 */
/** `fresh`: the transport is a process nobody has talked to yet (its first answer may wait for it to start). */
export async function executeCell(prepared: PreparedCell, transport: Transport, fresh = true): Promise<ExecutedCell> {
  const { cell, env, client, replies, vars, scope } = prepared;
  const { scenario, revision } = cell;
  const session = new Session(transport, { replies });
  const aborter = new AbortController();
  const checks: CheckResult[] = [];
  let closeReport: CloseReport | undefined;
  let errorReason: string | undefined;
  let fault: CheckResult | undefined;
  const watchdog = setInterval(() => {
    if ((session.closed || session.overLimit) && !aborter.signal.aborted) aborter.abort();
  }, 20);

  const ctx: ExecutionContext = {
    scenario,
    revision,
    transport: cell.transport,
    session,
    freshProcess: fresh,
    client,
    vars,
    labels: new Map(),
    consumed: new Set(),
    unobserved: new Map(),
    withheld: new Map(),
    // A scenario's timeoutMs lengthens the run's bound for its slow waits; it never shortens a larger --timeout.
    timeoutMs: Math.max(scenario.timeoutMs ?? 0, env.timeoutMs),
    seed: env.seed,
    ...(env.tools && Object.keys(env.tools.arguments).length > 0 ? { toolArguments: argumentsOf(env.tools) } : {}),
    rules: env.rules,
    validators: env.validators,
    checks,
    signal: aborter.signal,
    holds: (condition) => whyNot(condition, scope) === undefined,
    runSteps: async (steps: Step[]) => runSteps(ctx, steps),
    closer: {
      closeInput: async (ms) => {
        closeReport = await transport.close({ graceMs: ms });
        const exited = closeReport.exitedGracefully;
        return {
          exited,
          detail: exited
            ? `the target exited ${closeReport.ms} ms after its input closed`
            : `the target was still running ${ms} ms after its input closed (ended with ${closeReport.escalation})`,
        };
      },
    },
  };

  try {
    if (scenario.session === 'initialized' && !isStateless(revision)) {
      const outcome = await performHandshake(ctx, { author: 'runner' });
      if (!outcome.ok) errorReason = `the handshake failed: ${outcome.problem}`;
    }
    if (!errorReason) await runSteps(ctx, scenario.steps);
  } catch (err) {
    if (err instanceof StepError) errorReason = `scenario error: ${err.message}`;
    else if (err instanceof RegexTimeoutError) errorReason = `scenario error: ${err.message} (a condition of ${scenario.file})`;
    else {
      // Ours, not the target's: a runner-bug check carries it, and the reason says whose it is.
      fault = runnerFaultCheck(err, 'running the steps');
      errorReason = `mcp-conform failed (a runner bug, not the target's fault): ${describeFault(err)}`;
    }
  } finally {
    clearInterval(watchdog);
  }
  const ended = Date.now();
  const silent = silentLabels(scenario.steps);
  const settled = () =>
    processFit({
      session,
      checks: reviseLateAnswers(checks),
      errorReason,
      closedInput: closeReport !== undefined,
      silentLabels: silent,
      labels: ctx.labels,
    });

  const judge = (close: CloseReport | undefined, servedCells = 1): ScenarioResult => {
    let reason = errorReason;
    if (close?.leftovers) {
      // No rule covers a server's own processes; the user still wants to know they were left running.
      session.note(
        `the target left ${close.leftovers.length} process${close.leftovers.length === 1 ? '' : 'es'} running outside its process group (pid ${close.leftovers.join(', ')}); mcp-conform ended ${close.leftovers.length === 1 ? 'it' : 'them'}`,
      );
    }
    // A message over the runner's size limit was not read: what the cell saw is not the whole
    // conversation, so it is not judged (a resource limit of ours, never the target's fault).
    if (!reason && session.overLimit) reason = session.overLimit.reason;
    if (!reason && session.closed && checks.some((c) => c.status === 'errored')) {
      reason = `the target ended during the scenario: ${session.closed.reason}`;
    }
    let always: CheckResult[];
    try {
      always = alwaysOnChecks({
        scenarioId: scenario.id,
        citedRules: scenario.rules,
        revision,
        transport: cell.transport,
        session,
        ...(close ? { close } : {}),
        ...(servedCells > 1 ? { servedCells } : {}),
        ...(env.messageValidator ? { validator: env.messageValidator } : {}),
        ruleRef: (id, rev) => env.rules.ruleRef(id, rev),
        ...(env.rules.appliesAt ? { ruleApplies: (id: string, rev: Revision) => env.rules.appliesAt!(id, rev) } : {}),
      });
    } catch (err) {
      always = [runnerFaultCheck(err, 'running the always-on checks')];
      reason ??= `mcp-conform failed (a runner bug, not the target's fault): ${describeFault(err)}`;
    }
    const all = [...reviseLateAnswers(checks), ...(fault ? [fault] : []), ...always];
    const durationMs = ended - prepared.started;
    let status = scenarioStatus(all, env.strict);
    if (reason) status = 'errored';
    else if (status === 'passed' && checks.length === 0 && scenario.steps.length > 0) {
      // Every step was conditional and none applied: nothing was judged, so this is not a pass, not
      // even with a warning of the always-on checks (a shared process that outlived its input warns
      // every cell it served), which stays with the cell.
      return prepared.finish({
        status: 'skipped',
        skipReason: 'no step applied to this revision and target',
        ...(all.some((c) => c.status === 'warning') ? { checks: all } : {}),
        transcript: session.transcript,
        stderr: session.stderr,
        durationMs,
      });
    } else if (status === 'passed' && checks.length > 0 && checks.every((c) => c.status === 'skipped' || c.status === 'info')) {
      // Every check of the scenario found nothing to judge (e.g. `judgeIf`, a refused request) or
      // only recorded what it saw (an expect that captures): skipped, not passed.
      const skipped = checks.find((c) => c.status === 'skipped');
      return prepared.finish({
        status: 'skipped',
        skipReason:
          skipped?.message ?? `nothing was judged: ${checks.map((c) => c.message).join('; ')}, and no step that judges a rule of this scenario applied`,
        checks: all,
        transcript: session.transcript,
        stderr: session.stderr,
        durationMs,
      });
    }
    return prepared.finish({
      status,
      ...(reason ? { errorReason: reason } : {}),
      checks: all,
      transcript: session.transcript,
      stderr: session.stderr,
      durationMs,
    });
  };
  return { session, settled, ...(closeReport ? { closeReport } : {}), judge };
}

async function runSteps(ctx: ExecutionContext, steps: Step[]): Promise<void> {
  // Once the target is gone, waits return at once (the session is closed), so this never stalls.
  for (const step of steps) {
    if (step.when && !ctx.holds(step.when)) continue;
    await runStep(ctx, step);
  }
}
