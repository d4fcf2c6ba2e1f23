// What every step executor receives: the session, variables, labels, bounds, and the way to record
// a check. Executors are small functions; this object is the only state they share.
import type { Revision } from '../../schema/revisions.js';
import type { EvalContext, MatchContext } from '../matchers/index.js';
import type { CheckResult, CheckStatus, Level, RuleRef } from '../../wire/results/index.js';
import type { ClientIdentity, PendingRequest, Session } from '../../wire/protocol/index.js';
import type { Scenario, Step, CheckOptions, Condition } from '../suite-loader/types.js';

export interface RuleLookup {
  ruleRef(id: string, revision: Revision): RuleRef;
  /** Whether the rule is in force at the revision; absent means "assume so". */
  appliesAt?(id: string, revision: Revision): boolean;
}

export interface Validators {
  /** Messages describing why `value` is not a valid `typeName` of this revision; [] if valid. */
  validateType(typeName: string, value: unknown): string[];
  /** Messages describing why `value` does not satisfy the JSON Schema `schema`; [] if valid. */
  validateSchema(schema: unknown, value: unknown): string[];
  /** Messages describing why `schema` is not itself a valid JSON Schema of its dialect; [] if valid. */
  checkSchema?(schema: unknown): string[];
}

/** What the pattern matcher needs from a cell: its variables and the revision's validators. */
export function matchContext(ctx: Pick<StepContext, 'vars' | 'validators'>): MatchContext {
  return { vars: ctx.vars, ...ctx.validators };
}

/** What expressions of a step are evaluated with: the cell's variables, seed and the user's tool arguments. */
export function evalContext(ctx: Pick<StepContext, 'vars' | 'seed' | 'toolArguments'>): EvalContext {
  return { vars: ctx.vars, seed: ctx.seed, ...(ctx.toolArguments ? { toolArguments: ctx.toolArguments } : {}) };
}

export interface StepContext {
  scenario: Scenario;
  revision: Revision;
  transport: string;
  session: Session;
  /**
   * The cell started the process it talks to: until something comes from it, the first answer may
   * also wait for the process to start (awaitFirstAnswer). False on a process other cells used.
   */
  freshProcess?: boolean;
  client: ClientIdentity;
  vars: Record<string, unknown>;
  labels: Map<string, PendingRequest>;
  /** Notifications already claimed by an expectNotification step (by transcript seq). */
  consumed: Set<number>;
  /** Variables a refused request would have captured, each with what was observed instead. */
  unobserved: Map<string, string>;
  /** Labels whose request was not sent because it needed an unobserved variable, with why. */
  withheld: Map<string, string>;
  /** The default bound for waits in this cell. */
  timeoutMs: number;
  seed: number;
  /** Arguments the user gave for a tool (--tool-args), used for its `$validArgs` and `$quickArgs`. */
  toolArguments?: (toolName: string) => Record<string, unknown> | undefined;
  rules: RuleLookup;
  validators: Validators;
  checks: CheckResult[];
  /** Evaluates a condition in this cell (for `when` and `loop.while`). */
  holds(condition: Condition): boolean;
  /** Runs nested steps (loop bodies). */
  runSteps(steps: Step[]): Promise<void>;
  /** Set once the target has gone (crash, close); later waits end at once. */
  signal: AbortSignal;
}

export interface Finding {
  status: Exclude<CheckStatus, 'warning'> | 'violated';
  message: string;
  expected?: string;
  actual?: string;
  pointer?: string;
  evidence?: number[];
  hints?: string[];
}

/**
 * Records the verdict of a check step. `violated` is graded by the rule's level: a broken MUST is
 * `failed`, a broken SHOULD is `warning`, a broken MAY is only `info`.
 */
export function recordCheck(ctx: StepContext, step: Step & CheckOptions, observed: Finding): CheckResult {
  const finding = observed.status === 'violated' ? (changedMeanwhile(ctx, step, observed) ?? observed) : observed;
  const ruleId = step.rule ?? ctx.scenario.rules[0] ?? 'unknown';
  const rule = ctx.rules.ruleRef(ruleId, ctx.revision);
  const status: CheckStatus = finding.status === 'violated' ? gradeViolation(rule.level) : finding.status;
  const message = finding.status === 'violated' && step.message ? `${finding.message} — ${step.message}` : finding.message;
  const result: CheckResult = {
    id: `${ctx.scenario.id}#${step.check ?? step.path}`,
    rule,
    status,
    message,
    ...(finding.expected !== undefined ? { expected: finding.expected } : {}),
    ...(finding.actual !== undefined ? { actual: finding.actual } : {}),
    ...(finding.pointer !== undefined ? { pointer: finding.pointer } : {}),
    ...(finding.evidence ? { evidence: finding.evidence } : {}),
    ...(finding.hints ? { hints: finding.hints } : {}),
  };
  ctx.checks.push(result);
  return result;
}

/**
 * A violation of a check that compares things a change notice makes legitimately different (two
 * answers of a list, a page after a cursor) is not judged when the target announced that change in
 * this cell: skipped, naming the notice, with the violation's own evidence kept.
 */
function changedMeanwhile(ctx: StepContext, step: CheckOptions, finding: Finding): Finding | undefined {
  const method = step.skipIfNotified;
  if (method === undefined) return undefined;
  const notice = ctx.session.notifications.find((n) => n.message.method === method);
  if (!notice) return undefined;
  return {
    status: 'skipped',
    message: `not judged: the target sent ${method} during this cell, so the list may have changed in between (${finding.message})`,
    evidence: [...(finding.evidence ?? []), notice.seq],
  };
}

function gradeViolation(level: Level): CheckStatus {
  return level === 'MUST' ? 'failed' : level === 'SHOULD' ? 'warning' : 'info';
}

/**
 * The bound of a wait: the step's `within`, which a scenario sets for an answer that takes long (a
 * task's result), or the cell's bound; never less than the cell's bound, so that a user who raised
 * --timeout for a slow target is not cut short by a step's figure.
 */
export function boundFor(ctx: StepContext, within: number | undefined): number {
  return within === undefined ? ctx.timeoutMs : Math.max(within, ctx.timeoutMs);
}

/** Why a wait ended without the awaited message: the target went away, or time ran out. */
export function missingReason(ctx: StepContext, what: string, ms: number): { status: 'errored' | 'violated'; message: string } {
  const closed = ctx.session.closed;
  if (closed) return { status: 'errored', message: `${what}: ${closed.reason} before it arrived` };
  // It may have been the message the runner could not read: not judged, whatever the scenario asked.
  const unread = ctx.session.overLimit;
  if (unread) return { status: 'errored', message: `${what}: ${unread.reason}` };
  const arriving = stillArriving(ctx, what, ms);
  if (arriving) return { status: 'errored', message: arriving };
  return { status: 'violated', message: `${what} within ${ms} ms` };
}

/**
 * A message still arriving when the wait ended (a big answer crossing a pipe on a loaded machine):
 * a slow transfer, not silence, so the wait's check is not judged (errored, naming --timeout).
 */
function stillArriving(ctx: StepContext, what: string, ms: number): string | undefined {
  // (Unit tests hand steps a session without a transport.)
  const bytes = ctx.session.transport?.receiving?.() ?? 0;
  if (bytes === 0) return undefined;
  return `${what} within ${ms} ms, while a message was still arriving (${bytes} bytes so far): a slow transfer, not silence; raise --timeout`;
}

/** JSON-RPC: every request gets a response; a target that stays silent breaks this, whatever the scenario asked. */
const REQUEST_ANSWERED_RULE = 'jsonrpc.request.answered';

/**
 * Records that a request the scenario waits on got no response. Three different things happened
 * and each is named: the target went away (errored), the transport could not deliver the request
 * or its answer (the HTTP status says why: judged by the scenario's rule), or the target stayed
 * silent while alive: a broken MUST of JSON-RPC (`jsonrpc.request.answered`), never a mere warning
 * of the scenario's own rule.
 */
export function recordUnanswered(ctx: StepContext, step: Step & CheckOptions, entry: PendingRequest, what: string, ms: number, barrier?: PendingRequest): void {
  const closed = ctx.session.closed;
  if (closed) {
    recordCheck(ctx, step, { status: 'errored', message: `${what}: ${closed.reason} before it arrived`, evidence: [entry.sentSeq] });
    return;
  }
  const unread = ctx.session.overLimit;
  if (unread) {
    recordCheck(ctx, step, { status: 'errored', message: `${what}: ${unread.reason}`, evidence: [entry.sentSeq, unread.seq] });
    return;
  }
  const arriving = stillArriving(ctx, what, ms);
  if (arriving) {
    recordCheck(ctx, step, { status: 'errored', message: arriving, evidence: [entry.sentSeq] });
    return;
  }
  if (entry.undelivered !== undefined) {
    recordCheck(ctx, step, { status: 'violated', message: `${what}: ${entry.undelivered}, with no JSON-RPC answer in the body`, evidence: [entry.sentSeq] });
    return;
  }
  // Something did come back for it: an answer under a type-changed copy of the id ("1" for 1), or
  // an error with a null id after it was sent (a refused batch, an unreadable request). The
  // scenario's own rule (id echo, batch support, ...) names that defect better than "unanswered".
  const answer = ctx.session.inbound.find((m) => {
    if (m.kind !== 'response' || m.seq < entry.sentSeq || entry.id === null) return false;
    const id = (m.message as { id?: unknown }).id ?? null;
    if (id === null) return m.requestMethod === undefined;
    return id !== entry.id && (typeof id === 'string' || typeof id === 'number') && String(id) === String(entry.id);
  });
  if (answer) {
    const id = (answer.message as { id?: unknown }).id ?? null;
    const how =
      id === null
        ? 'only an error without an id came back'
        : `it was answered under id ${JSON.stringify(id)}, a ${typeof id} copy of the ${typeof entry.id} id sent`;
    recordCheck(ctx, step, { status: 'violated', message: `${what}: ${how}`, evidence: [entry.sentSeq, answer.seq] });
    return;
  }
  // Input that is not a well-formed request (a broken line, a batch, a non-string method) is not a
  // request JSON-RPC obliges the server to answer as such; whether and how it answers is the
  // scenario's rule (parse error, invalid request, batch support: each with its own level).
  if (entry.method === '(raw)') {
    const missing = barrier
      ? { status: 'violated' as const, message: `${what} by the time \`${barrier.method}\`, sent after it, was answered` }
      : missingReason(ctx, what, ms);
    const evidence = barrier?.responseSeq !== undefined ? [entry.sentSeq, barrier.responseSeq] : [entry.sentSeq];
    timedOut.set(recordCheck(ctx, step, { ...missing, evidence }), { entry, ...(barrier ? { barrier } : {}) });
    return;
  }
  // The finding is the silence, but the scenario's own rule stays visible: the answer was to show it.
  const own = step.rule ?? ctx.scenario.rules[0];
  const unjudged = own !== undefined && own !== REQUEST_ANSWERED_RULE ? ` (so \`${own}\`, which the answer was to show, could not be judged)` : '';
  const unanswered = recordCheck(
    ctx,
    { ...step, rule: REQUEST_ANSWERED_RULE, message: undefined },
    {
      status: 'violated',
      message: `${what} ${barrier ? `by the time \`${barrier.method}\`, sent after it, was answered` : `within ${ms} ms`}: a request must be answered${unjudged}`,
      evidence: barrier?.responseSeq !== undefined ? [entry.sentSeq, barrier.responseSeq] : [entry.sentSeq],
    },
  );
  timedOut.set(unanswered, { entry, ...(barrier ? { barrier } : {}) });
  reportedUnanswered.add(entry);
}

/** Requests a step of the cell already reported as unanswered (jsonrpc.request.answered). */
const reportedUnanswered = new WeakSet<PendingRequest>();

/** True when an earlier step of the cell reported `entry` as an unanswered request. */
export function wasReportedUnanswered(entry: PendingRequest): boolean {
  return reportedUnanswered.has(entry);
}

/** Checks that recorded a wait running out, with the request they waited on (and the barrier that ended the wait, if one did). */
const timedOut = new WeakMap<CheckResult, { entry: PendingRequest; barrier?: PendingRequest }>();

/**
 * A request recorded as unanswered whose answer arrived later in the cell (after the wait ran out)
 * was answered slowly, not left unanswered: that check becomes `errored` (the run's --timeout was
 * too short for this target), never a MUST failure of a target that did answer.
 */
export function reviseLateAnswers(checks: CheckResult[]): CheckResult[] {
  return checks.map((check) => {
    const wait = timedOut.get(check);
    const entry = wait?.entry;
    if (!entry || entry.responseSeq === undefined || (check.status !== 'failed' && check.status !== 'warning')) return check;
    // An answer that overtook by a later request's: the stream was not in order, so the barrier
    // proved nothing. Not judged either way (the answer's content was never matched).
    const why = wait.barrier
      ? `the answer came after the answer to \`${wait.barrier.method}\` (#${entry.responseSeq}): this target does not answer in order, so silence cannot be told from a slow answer here`
      : `the answer came later (#${entry.responseSeq}): a slow target, not a silent one, so raise --timeout`;
    return { ...check, status: 'errored', message: `${check.message}; ${why}`, evidence: [...(check.evidence ?? []), entry.responseSeq] };
  });
}

export class StepError extends Error {
  constructor(
    message: string,
    readonly step: Step,
  ) {
    super(message);
    this.name = 'StepError';
  }
}

export function labelled(ctx: StepContext, step: Step, label: string): PendingRequest {
  const entry = ctx.labels.get(label);
  if (!entry) throw new StepError(`no request labelled "${label}" was sent before line ${step.sourceLine}`, step);
  return entry;
}
