// Runs one cell: a fresh connection to the target, the handshake, the scenario's steps, the
// always-on checks, and a guaranteed close. Returns the cell's result; never throws for target
// misbehaviour (that becomes a finding).
import { isStateless, type Revision } from '../../schema/revisions.js';
import { alwaysOnChecks, type MessageValidator } from '../checks/index.js';
import { Session, TransportStartError, type ClientIdentity, type CloseReport, type Transport } from '../../wire/protocol/index.js';
import { scenarioStatus, type CheckResult, type ScenarioResult } from '../../wire/results/index.js';
import { performHandshake, runStep, StepError, type ExecutionContext, type RuleLookup, type Validators } from '../steps/index.js';
import type { Cell } from '../plan/index.js';
import type { Step } from '../suite-loader/types.js';
import { whyNot } from './conditions.js';
import { repliesFor } from './default-replies.js';
import { acceptedRevisions, type AcceptedRevisions } from './accepted-revisions.js';
import type { TargetProfile } from './profile.js';
import type { AuthorizationContext } from './authorization-context.js';

export interface CellEnvironment {
  makeTransport: (revision?: Revision) => Transport;
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
}

export async function runCell(cell: Cell, env: CellEnvironment): Promise<ScenarioResult> {
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
  if (cell.skipReason) return finish({ status: 'skipped', skipReason: cell.skipReason });

  const client: ClientIdentity = {
    clientInfo: { ...env.client.clientInfo, ...(scenario.client?.clientInfo ?? {}) } as ClientIdentity['clientInfo'],
    capabilities: scenario.client?.capabilities ?? env.client.capabilities,
  };
  const replies = repliesFor(client.capabilities as Record<string, unknown> | undefined, scenario.replies);
  const vars: Record<string, unknown> = {
    revision,
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
    },
  };
  const scope = { revision, transport: cell.transport, vars, profile: env.profile };
  for (const condition of scenario.requires) {
    const reason = whyNot(condition, scope);
    if (reason) return finish({ status: 'skipped', skipReason: reason });
  }

  const transport = env.makeTransport(revision);
  try {
    await transport.start();
  } catch (err) {
    const reason = err instanceof TransportStartError ? err.message : (err as Error).message;
    return finish({ status: 'errored', errorReason: reason });
  }
  const session = new Session(transport, { replies });
  const aborter = new AbortController();
  const checks: CheckResult[] = [];
  let closeReport: CloseReport | undefined;
  let errorReason: string | undefined;
  const watchdog = setInterval(() => {
    if (session.closed && !aborter.signal.aborted) aborter.abort();
  }, 20);

  const ctx: ExecutionContext = {
    scenario,
    revision,
    transport: cell.transport,
    session,
    client,
    vars,
    labels: new Map(),
    consumed: new Set(),
    timeoutMs: scenario.timeoutMs ?? env.timeoutMs,
    seed: env.seed,
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
    errorReason = err instanceof StepError ? `scenario error: ${err.message}` : `internal error: ${(err as Error).stack ?? String(err)}`;
  } finally {
    clearInterval(watchdog);
    closeReport ??= await transport.close();
  }
  if (!errorReason && session.closed && checks.some((c) => c.status === 'errored')) {
    errorReason = `the target ended during the scenario: ${session.closed.reason}`;
  }
  const always = alwaysOnChecks({
    scenarioId: scenario.id,
    revision,
    transport: cell.transport,
    session,
    close: closeReport,
    ...(env.messageValidator ? { validator: env.messageValidator } : {}),
    ruleRef: (id, rev) => env.rules.ruleRef(id, rev),
  });
  const all = [...checks, ...always];
  let status = scenarioStatus(all, env.strict);
  if (errorReason) status = 'errored';
  else if (!all.some((c) => c.status !== 'passed') && checks.length === 0 && scenario.steps.length > 0) {
    // Every step was conditional and none applied: nothing was judged, so this is not a pass.
    return finish({ status: 'skipped', skipReason: 'no step applied to this revision and target', transcript: session.transcript, stderr: session.stderr });
  } else if (status === 'passed' && checks.length > 0 && checks.every((c) => c.status === 'skipped')) {
    // Every check of the scenario found nothing to judge (e.g. `judgeIf`): skipped, not passed.
    return finish({ status: 'skipped', skipReason: checks[0]!.message, checks: all, transcript: session.transcript, stderr: session.stderr });
  }
  return finish({
    status,
    ...(errorReason ? { errorReason } : {}),
    checks: all,
    transcript: session.transcript,
    stderr: session.stderr,
  });
}

async function runSteps(ctx: ExecutionContext, steps: Step[]): Promise<void> {
  // Once the target is gone, waits return at once (the session is closed), so this never stalls.
  for (const step of steps) {
    if (step.when && !ctx.holds(step.when)) continue;
    await runStep(ctx, step);
  }
}
