// `expect`: waits for the response to a labelled request and matches it against the expectation
// (result, error, or one of several), then captures values into variables.
import { describePattern, getPointer, matchPattern, type MatchOutcome } from '../matchers/index.js';
import { detachedSlice, isErrorResponse, type JsonRpcResponse, type PendingRequest } from '../../wire/protocol/index.js';
import type { ExpectStep, ResponseExpectation } from '../suite-loader/types.js';
import { boundFor, labelled, matchContext, recordCheck, recordUnanswered, type StepContext } from './context.js';
import { awaitFirstAnswer, firstAnswerWaitMs } from './first-answer.js';
import { markUnobserved, observedAgain } from './preconditions.js';

export async function runExpect(ctx: StepContext, step: ExpectStep): Promise<void> {
  const entry = labelled(ctx, step, step.label);
  const ms = boundFor(ctx, step.within);
  const barrier = step.until !== undefined && ORDERED.has(ctx.session.transport.kind) ? labelled(ctx, step, step.until) : undefined;
  // A request an earlier expect already waited on for at least this bound has had its time: a
  // later expect of the same label judges what is there now instead of waiting the bound again.
  const wait = (waitedOut.get(entry) ?? -1) >= ms ? 0 : ms;
  // A stateless cell's first request to a process it started is also that process's first answer
  // (no handshake came before): it may wait for the process to start, as the probe and the
  // handshake do. Nothing has come from the process until then.
  const starting = ctx.freshProcess === true && ctx.session.inbound.length === 0 && wait > 0;
  const response = barrier
    ? await responseBefore(ctx, entry, barrier, starting ? firstAnswerWaitMs(ctx.session.transport.kind, wait) : wait)
    : starting
      ? (await awaitFirstAnswer(ctx.session, entry, wait, ctx.signal)).response
      : await ctx.session.response(entry, wait, ctx.signal);
  // A barrier that went unanswered too says more than the silence alone: the target stopped
  // answering altogether (it may have stopped reading after the labelled line).
  const silentBarrier = barrier !== undefined && wait > 0 && barrier.response === undefined && barrier.undelivered === undefined;
  const what = `no response to id ${JSON.stringify(entry.id)} \`${entry.method}\`${silentBarrier ? `, nor to \`${barrier.method}\` sent after it` : ''}`;
  if (!response) {
    if (barrier?.response === undefined) waitedOut.set(entry, Math.max(ms, waitedOut.get(entry) ?? -1));
    const refusedOverHttp = httpRefusalReading(step, entry);
    if (refusedOverHttp !== undefined) {
      recordCheck(ctx, step, { status: 'skipped', message: refusedOverHttp, evidence: [entry.sentSeq] });
      return;
    }
    recordUnanswered(ctx, step, entry, what, ms, barrier?.response !== undefined ? barrier : undefined);
    return;
  }
  const evidence = [entry.sentSeq, entry.responseSeq ?? ctx.session.lastSeq];
  const alternatives: ResponseExpectation[] = step.oneOf ?? expectationOf(step);
  if (alternatives.length === 0) {
    // An expect that only captures judges nothing but that an answer came (silence is judged
    // above): what it captured is recorded as an observation, so a cell whose later steps never
    // ran for want of it (a tool that asked for no input) is not passed on this alone.
    const capturing = step.capture !== undefined && step.rule === undefined;
    recordCheck(ctx, step, {
      status: capturing ? 'info' : 'passed',
      message: `\`${entry.method}\` was answered${capturing ? ` (${describeCaptures(step.capture!, response)})` : ''}`,
      evidence,
    });
    capture(ctx, step, response);
    return;
  }
  const refusal = refusalReading(ctx, step, entry, alternatives, response);
  if (refusal !== undefined) {
    // Nothing this check judges came back: the precondition of the check did not hold. Steps that
    // would use what this answer was to give (its captures) are skipped for the same reason.
    recordCheck(ctx, step, { status: 'skipped', message: refusal, evidence });
    markUnobserved(ctx, step.capture, refusal);
    return;
  }
  const outcomes = alternatives.map((alt) => judge(ctx, alt, response));
  if (outcomes.some((o) => o.ok)) {
    recordCheck(ctx, step, { status: 'passed', message: `\`${entry.method}\` was answered as expected`, evidence });
    capture(ctx, step, response);
    return;
  }
  // Report the alternative that came closest: of those of the same kind (result vs error), the one
  // whose mismatch lies deepest in the message.
  const kind = isErrorResponse(response) ? 'error' : 'result';
  const sameKind = alternatives.map((a, i) => i).filter((i) => kind in alternatives[i]!);
  const depth = (i: number) => (outcomes[i] as Extract<MatchOutcome, { ok: false }>).pointer.split('/').length;
  const index = sameKind.length === 0 ? 0 : sameKind.reduce((best, i) => (depth(i) > depth(best) ? i : best));
  const failed = outcomes[index] as Extract<MatchOutcome, { ok: false }>;
  const expected = alternatives.map(describeExpectation).join(' or ');
  // An error answer gave nothing to capture: the steps that need it are skipped, not judged on stale values.
  if (isErrorResponse(response)) markUnobserved(ctx, step.capture, `\`${entry.method}\` was answered with ${describeError(response)}`);
  recordCheck(ctx, step, {
    status: 'violated',
    message: `the response to \`${entry.method}\` did not match: at ${failed.pointer || '(root)'} expected ${failed.expected}, got ${failed.actual}`,
    expected,
    actual: summarise(response),
    pointer: failed.pointer,
    evidence,
  });
}

/**
 * Over HTTP, input that is not a well-formed request (a broken body, a request object JSON-RPC
 * cannot read) which the step expects the server to refuse, refused with an HTTP error status and
 * no JSON-RPC error in the body: that is the refusal the transports page describes ("it MUST return
 * an HTTP error status code (e.g., 400 Bad Request). The HTTP response body MAY comprise a JSON-RPC
 * error response"). The error code this step judges was not sent, and need not be: skipped with
 * why. A request the step expects a result for is still judged (a refused batch breaks its rule).
 */
function httpRefusalReading(step: ExpectStep, entry: PendingRequest): string | undefined {
  const status = entry.undeliveredStatus;
  if (entry.method !== '(raw)' || status === undefined || status < 400) return undefined;
  const alternatives = step.oneOf ?? expectationOf(step);
  if (alternatives.length === 0 || !alternatives.every((alt) => 'error' in alt)) return undefined;
  return `not judged: ${entry.undelivered}, with no JSON-RPC error in the body; over HTTP an error status is how a server refuses input it cannot accept, and the body MAY carry a JSON-RPC error (transports), so the error code was not owed (the status is judged by http/invalid-body)`;
}

/** The longest bound a wait for each request ran out without its answer. */
const waitedOut = new WeakMap<PendingRequest, number>();

/**
 * Transports whose answers come back on one stream in the order the target wrote them. There a
 * request sent after the labelled message and answered first shows that the target read the
 * message and wrote nothing for it; over HTTP every request has its own answer, so only the
 * bound ends the wait.
 */
const ORDERED = new Set(['stdio', 'in-memory']);

/**
 * Waits for the labelled response or for the barrier's, whichever comes first (each bounded): a
 * target that drops a line it may drop is judged when the barrier is answered, not at the bound.
 * A response written before the barrier's is already recorded when the barrier's arrives.
 */
async function responseBefore(ctx: StepContext, entry: PendingRequest, barrier: PendingRequest, ms: number): Promise<JsonRpcResponse | undefined> {
  const settled = (p: PendingRequest) => p.response !== undefined || p.undelivered !== undefined;
  await ctx.session.waitUntil(() => settled(entry) || settled(barrier), ms, ctx.signal);
  if (entry.response !== undefined || barrier.response !== undefined) return entry.response;
  // The barrier could not be delivered or went unanswered: only the bound can end the wait.
  return ctx.session.response(entry, ms, ctx.signal);
}

/**
 * When every expected outcome is a result and an error came back, the request was refused. Unless
 * the step says the cited rule requires a result (`refusal: breaks-rule`, or a pattern of the errors
 * that break it), that is not a violation: the server may refuse a request for its own reasons (a
 * tool that needs the network, a backend that is down; basic/errors lists server errors among the
 * protocol errors), and nothing whose shape the rule governs was sent. Returns the skip reason, or
 * undefined when the answer is to be judged.
 */
function refusalReading(
  ctx: StepContext,
  step: ExpectStep,
  entry: PendingRequest,
  alternatives: ResponseExpectation[],
  response: JsonRpcResponse,
): string | undefined {
  if (!isErrorResponse(response) || !alternatives.every((alt) => 'result' in alt)) return undefined;
  if (step.refusal === 'breaks-rule') return undefined;
  if (step.refusal !== undefined && matchPattern(step.refusal, response.error, matchContext(ctx)).ok) return undefined;
  const refused = `\`${entry.method}\` was refused with ${describeError(response)}`;
  const why = step.refusal === undefined ? '' : ` (only an error matching ${describePattern(step.refusal)} would break the rule)`;
  const hint =
    entry.method === 'tools/call'
      ? '; a tool may refuse for its own reasons (one that needs the network, or checks more than its input schema says): choose a tool and arguments that work here with --tool and --tool-args'
      : '';
  return `${refused}: no result came back, so there is nothing for this check to judge${why}${hint}`;
}

/** `error -32603 "getaddrinfo ENOTFOUND …"`: an error answer as the skip reasons name it. */
function describeError(response: Extract<JsonRpcResponse, { error: unknown }>): string {
  return `error ${response.error.code} ${JSON.stringify(clip(String(response.error.message), 120))}`;
}

function expectationOf(step: ExpectStep): ResponseExpectation[] {
  if (step.result !== undefined) return [{ result: step.result }];
  if (step.error !== undefined) return [{ error: step.error }];
  return [];
}

function judge(ctx: StepContext, alt: ResponseExpectation, response: JsonRpcResponse): MatchOutcome {
  const mctx = matchContext(ctx);
  if ('result' in alt) {
    if (isErrorResponse(response))
      return { ok: false, pointer: '/result', expected: 'a result', actual: `error ${response.error.code} "${response.error.message}"` };
    return prefix(matchPattern(alt.result, response.result, mctx), '/result');
  }
  if (!isErrorResponse(response)) return { ok: false, pointer: '/error', expected: 'an error', actual: `a result ${clip(JSON.stringify(response.result))}` };
  return prefix(matchPattern(alt.error, response.error, mctx), '/error');
}

function prefix(outcome: MatchOutcome, base: string): MatchOutcome {
  return outcome.ok ? outcome : { ...outcome, pointer: base + outcome.pointer };
}

export function capture(ctx: StepContext, step: { capture?: Record<string, string> }, message: unknown): void {
  for (const [name, pointer] of Object.entries(step.capture ?? {})) {
    const found = getPointer(message, pointer);
    if (found.found) {
      ctx.vars[name] = found.value;
      observedAgain(ctx, name);
    } else delete ctx.vars[name];
  }
}

/** "asked: set, state: not in the answer": what an expect that only captures found. */
function describeCaptures(captures: Record<string, string>, message: unknown): string {
  return Object.entries(captures)
    .map(([name, pointer]) => `${name}: ${getPointer(message, pointer).found ? 'captured' : `no ${pointer} in the answer`}`)
    .join(', ');
}

function describeExpectation(alt: ResponseExpectation): string {
  return 'result' in alt ? `result ${describePattern(alt.result)}` : `error ${describePattern(alt.error)}`;
}

function summarise(response: JsonRpcResponse): string {
  return isErrorResponse(response) ? `error ${clip(JSON.stringify(response.error))}` : `result ${clip(JSON.stringify(response.result))}`;
}

export function clip(text: string | undefined, max = 300): string {
  if (text === undefined) return 'undefined';
  return text.length > max ? `${detachedSlice(text, max)}…` : text;
}
