// Judges a client scenario's expectations against what the client sent (and answered), in order.
// Each expectation becomes one check citing its rule; `sent … capture` binds variables later
// expectations can use with `$var`.
import { describePattern, getPointer, jsonEqual, matchPattern, renderValue, type MatchContext } from '../matchers/index.js';
import type { CheckResult, CheckStatus, RuleRef } from '../../wire/results/index.js';
import { isStateless, type Revision } from '../../schema/revisions.js';
import type { RecordedLine } from './bridge.js';
import { judgeCancellations } from './cancellation-expectations.js';
import type { AuthFacts } from './auth-host.js';
import type { CanaryFacts } from './canary-host.js';
import { judgeAuthDuty } from './auth-expectations.js';
import { judgeHttpDuty } from './http-expectations.js';
import { judgeMrtr } from './mrtr-expectations.js';
import type { HttpFacts } from './http-host.js';
import type { Expectation } from './types.js';

export interface JudgeInput {
  scenarioId: string;
  expectations: Expectation[];
  fromClient: RecordedLine[];
  toClient: RecordedLine[];
  /** The rule an expectation cites (its own, else the scenario's first), resolved for the cell's revision. */
  ruleFor(expectation: Expectation): RuleRef;
  match: Omit<MatchContext, 'vars'>;
  revision: Revision;
  /** The HTTP side of the conversation, when the client was tested over {url}. */
  http?: HttpFacts;
  /** The OAuth side, when the scenario put the mock behind authorization. */
  auth?: AuthFacts;
  /** What reached the canary origin, when the scenario's mock names {canary}. */
  canary?: CanaryFacts;
  /** Set when the runner stopped the client at its time bound (ms): what it had not sent yet, it might still have sent. */
  stoppedAfterMs?: number;
}

type Verdict = Pick<CheckResult, 'status' | 'message' | 'expected' | 'actual' | 'pointer' | 'evidence'>;

type Sent = { seq: number; connection: number; message: Record<string, unknown> };

/**
 * The 2026-07-28 era lets a client probe any server with server/discover before falling back to
 * initialize (on a sibling connection or in place). That probe is not the conversation's opening,
 * so `first` skips it (docs/interpretation.md, "Client version probes").
 */
const isVersionProbe = (s: Sent) => s.message.method === 'server/discover';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function judgeExpectations(input: JudgeInput): CheckResult[] {
  const vars: Record<string, unknown> = {};
  const sent: Sent[] = input.fromClient
    .filter((l) => isObject(l.message))
    .map((l) => ({ seq: l.seq, connection: l.connection, message: l.message as Record<string, unknown> }));
  const ctx = (): MatchContext => ({ ...input.match, vars });
  const matches = (pattern: unknown, message: unknown) => matchPattern(pattern, message, ctx()).ok;
  // The first precondition the client program did not meet: what comes after it lacks its footing.
  let unmet: { check: string; message: string } | undefined;
  return input.expectations.map((e, i) => {
    const id = `${input.scenarioId}#${e.check ?? i}`;
    let verdict = judgeOne(e, sent, input, vars, matches, ctx);
    if (e.precondition && verdict.status !== 'passed') {
      // Not a duty of the client: the program did not do what the scenario needs, which no rule
      // forbids (or it was stopped before it did: skipped already, with that reason).
      if (verdict.status === 'failed')
        verdict = {
          status: 'skipped',
          message: `the client program did not do what this scenario needs${e.message ? ` (${e.message})` : ''}: ${verdict.message}${verdict.expected ? `; expected ${verdict.expected}` : ''}${verdict.actual ? `, observed ${verdict.actual}` : ''}`,
        };
      unmet ??= { check: e.check ?? String(i), message: verdict.message };
    } else if (unmet && restsOnAbsence(e, verdict)) {
      // A pass that only says "nothing of the kind was sent", or a finding about something that
      // never happened, means nothing once the client never got that far; a finding on a message
      // the client did send, or a pass on one it sent, stands on its own.
      verdict = { status: 'skipped', message: `not judged: ${unmet.message}` };
    }
    const rule = input.ruleFor(e);
    const failedStatus: CheckStatus = rule.level === 'MUST' ? 'failed' : rule.level === 'SHOULD' ? 'warning' : 'info';
    return {
      id,
      rule,
      ...verdict,
      status: verdict.status === 'failed' ? failedStatus : verdict.status,
      message: verdict.status === 'failed' && e.message ? `${verdict.message} — ${e.message}` : verdict.message,
    };
  });
}

/** Whether a verdict rests only on what the client did not send. */
function restsOnAbsence(e: Expectation, verdict: Verdict): boolean {
  if (verdict.status === 'failed') return (verdict.evidence?.length ?? 0) === 0;
  return verdict.status === 'passed' && e.kind === 'notSent';
}

function judgeOne(
  e: Expectation,
  sent: Sent[],
  input: JudgeInput,
  vars: Record<string, unknown>,
  matches: (pattern: unknown, message: unknown) => boolean,
  ctx: () => MatchContext,
): Verdict {
  const show = (s: Sent) => renderValue(s.message);
  const toClient = input.toClient;
  switch (e.kind) {
    case 'first': {
      // Judged per connection: a client may start its server more than once.
      const openings = new Map<number, Sent>();
      for (const s of sent) if ((e.probes || !isVersionProbe(s)) && !openings.has(s.connection)) openings.set(s.connection, s);
      // Nothing sent is nothing opened wrongly: the client never got as far as this rule.
      if (openings.size === 0)
        return {
          status: 'skipped',
          message: `the client sent no message at all${e.probes ? '' : ' (other than version probes)'}, so how it opens a connection cannot be judged`,
        };
      for (const first of openings.values()) {
        const outcome = matchPattern(e.pattern, first.message, ctx());
        if (!outcome.ok)
          return {
            status: 'failed',
            message: 'the client opened a connection with another message',
            expected: describePattern(e.pattern),
            actual: show(first),
            pointer: outcome.pointer,
            evidence: [first.seq],
          };
      }
      return {
        status: 'passed',
        message: `the client opened ${openings.size === 1 ? 'the connection' : `all ${openings.size} connections`} with the expected message`,
        evidence: [...openings.values()].map((s) => s.seq),
      };
    }
    case 'sent': {
      const hit = sent.find((s) => matches(e.pattern, s.message));
      if (!hit && input.stoppedAfterMs !== undefined)
        return {
          status: 'skipped',
          message: `no message of the client matched ${describePattern(e.pattern)}, but the client was still running when it was stopped after ${input.stoppedAfterMs} ms (its time bound), so it may not have got there yet`,
        };
      if (!hit)
        return {
          status: 'failed',
          message: 'no message of the client matched',
          expected: describePattern(e.pattern),
          actual: `${sent.length} messages, none matching`,
        };
      for (const [name, pointer] of Object.entries(e.capture ?? {})) vars[name] = getPointer(hit.message, pointer).value;
      return { status: 'passed', message: 'the client sent the expected message', evidence: [hit.seq] };
    }
    case 'notSent': {
      const hit = sent.find((s) => matches(e.pattern, s.message));
      if (!hit) return { status: 'passed', message: 'the client sent no such message' };
      return {
        status: 'failed',
        message: 'the client sent a message it must not send',
        expected: `no message matching ${describePattern(e.pattern)}`,
        actual: show(hit),
        evidence: [hit.seq],
      };
    }
    case 'each': {
      const judged = e.where === undefined ? sent : sent.filter((s) => matches(e.where, s.message));
      if (judged.length === 0) return { status: 'skipped', message: 'the client sent no message this check applies to' };
      for (const s of judged) {
        const outcome = matchPattern(e.pattern, s.message, ctx());
        if (!outcome.ok)
          return {
            status: 'failed',
            message: 'a message of the client did not match',
            expected: describePattern(e.pattern),
            actual: show(s),
            pointer: outcome.pointer,
            evidence: [s.seq],
          };
      }
      return { status: 'passed', message: `all ${judged.length} such messages matched` };
    }
    case 'before': {
      const later = sent.find((s) => matches(e.later, s.message));
      if (!later) return { status: 'skipped', message: `the client sent no message matching ${describePattern(e.later)}, so the order cannot be judged` };
      const earlier = sent.find((s) => matches(e.earlier, s.message));
      if (earlier && earlier.seq < later.seq) return { status: 'passed', message: 'the client kept the order', evidence: [earlier.seq, later.seq] };
      return {
        status: 'failed',
        message: earlier ? 'the client sent these messages in the wrong order' : 'the client never sent the message that must come first',
        expected: `${describePattern(e.earlier)} before ${describePattern(e.later)}`,
        actual: show(later),
        evidence: earlier ? [later.seq, earlier.seq] : [later.seq],
      };
    }
    case 'uniqueRequestIds': {
      const seen = new Map<string, number>();
      for (const s of sent) {
        if (typeof s.message.method !== 'string' || !Object.hasOwn(s.message, 'id')) continue;
        // Per connection: each connection is its own session.
        const key = `${s.connection}:${typeof s.message.id}:${String(s.message.id)}`;
        const before = seen.get(key);
        if (before !== undefined) {
          return { status: 'failed', message: `the client reused the request id ${JSON.stringify(s.message.id)}`, actual: show(s), evidence: [before, s.seq] };
        }
        seen.set(key, s.seq);
      }
      if (seen.size === 0) return { status: 'skipped', message: 'the client sent no request' };
      return { status: 'passed', message: `${seen.size} requests, all ids distinct` };
    }
    case 'echoes': {
      const judged = sent.filter((s) => (e.where === undefined || matches(e.where, s.message)) && getPointer(s.message, e.pointer).found);
      if (judged.length === 0) return { status: 'skipped', message: `the client sent nothing at ${e.pointer}` };
      for (const s of judged) {
        const value = getPointer(s.message, e.pointer).value;
        // Any earlier message of the cell counts: at 2026-07-28 over HTTP every POST is a connection of its own.
        const issued = toClient.some((l) => l.seq < s.seq && isObject(l.message) && jsonEqual(getPointer(l.message, e.issuedAt).value, value));
        if (!issued) {
          return {
            status: 'failed',
            message: `the client sent ${renderValue(value)} at ${e.pointer}, which the server never issued at ${e.issuedAt}`,
            actual: show(s),
            pointer: e.pointer,
            evidence: [s.seq],
          };
        }
      }
      return { status: 'passed', message: `all ${judged.length} values at ${e.pointer} were issued by the server` };
    }
    case 'answered': {
      const asked = toClient.filter((l) => isObject(l.message) && l.message.method === e.method && Object.hasOwn(l.message, 'id'));
      if (asked.length === 0) return { status: 'skipped', message: `the mock never sent ${e.method}: the client did not do what triggers it` };
      for (const request of asked) {
        const id = (request.message as Record<string, unknown>).id;
        const answer = sent.find(
          (s) => s.seq > request.seq && s.connection === request.connection && typeof s.message.method !== 'string' && s.message.id === id,
        );
        if (e.capability !== undefined) {
          if (!answer) return { status: 'skipped', message: `the client never answered ${e.method}, so its capability cannot be judged` };
          const verdict = judgeByCapability(e.capability, e.error, declaredCapabilities(sent, request.connection), answer, e.method, ctx);
          if (verdict) return { evidence: [request.seq, answer.seq], ...verdict };
          continue;
        }
        if (!answer) return { status: 'failed', message: `the client never answered the server's ${e.method}`, evidence: [request.seq] };
        const pattern =
          e.result !== undefined
            ? { result: e.result }
            : e.error !== undefined
              ? { error: e.error }
              : { $oneOf: [{ result: { $any: true } }, { error: { $any: true } }] };
        const outcome = matchPattern(pattern, answer.message, ctx());
        if (!outcome.ok)
          return {
            status: 'failed',
            message: `the client's answer to ${e.method} did not match`,
            expected: describePattern(pattern),
            actual: show(answer),
            pointer: outcome.pointer,
            evidence: [request.seq, answer.seq],
          };
      }
      return {
        status: 'passed',
        message: `the client answered ${asked.length} ${e.method} request(s)${e.capability !== undefined ? ` as its ${e.capability} capability says` : ''}`,
      };
    }
    case 'cancellations':
      return judgeCancellations(e.duty, input.fromClient, toClient, isStateless(input.revision));
    case 'http': {
      if (!input.http) return { status: 'skipped', message: 'HTTP-level duties are judged only when the client is tested over {url}' };
      return judgeHttpDuty(e.duty, input.http, input.revision, toClient);
    }
    case 'auth': {
      if (!input.auth)
        return {
          status: 'skipped',
          message: 'authorization duties are judged only when the scenario puts the mock behind authorization (`auth:`) and the client is tested over {url}',
        };
      return judgeAuthDuty(e.duty, input.auth);
    }
    case 'canary':
      return judgeCanary(input.canary, toClient);
    case 'mrtr':
      return judgeMrtr(e.duty, input.fromClient, toClient);
  }
}

/**
 * `not-fetched`: nothing reached the canary origin. Skipped when the mock never sent the client its
 * URL (the client never asked for what carries it), since then there was nothing not to fetch.
 */
function judgeCanary(canary: CanaryFacts | undefined, toClient: RecordedLine[]): Verdict {
  if (!canary) return { status: 'skipped', message: 'the scenario serves no {canary} URL' };
  if (!toClient.some((l) => l.text.includes(canary.url))) {
    return { status: 'skipped', message: 'the client never received a message naming the canary URL, so there was nothing to leave unfetched' };
  }
  const first = canary.requests[0];
  if (first) {
    return {
      status: 'failed',
      message: `the client fetched ${first.method} ${canary.url}${first.path}${canary.requests.length > 1 ? ` (and ${canary.requests.length - 1} more)` : ''}`,
      expected: 'no request to a URL the server only named',
      actual: `${first.method} ${first.path}`,
      evidence: canary.requests.map((r) => r.seq),
    };
  }
  return { status: 'passed', message: 'the client never requested the canary URL it was given' };
}

/** The capabilities the client declared on a connection: its initialize, else (2026-07-28) the `_meta` of its last request. */
function declaredCapabilities(sent: Sent[], connection: number): Record<string, unknown> {
  const mine = sent.filter((s) => s.connection === connection && typeof s.message.method === 'string');
  const init = mine.find((s) => s.message.method === 'initialize');
  const params = (s: Sent | undefined) => (isObject(s?.message.params) ? s.message.params : {});
  if (init) return isObject(params(init).capabilities) ? (params(init).capabilities as Record<string, unknown>) : {};
  const meta = params(mine[mine.length - 1])._meta;
  const caps = isObject(meta) ? meta['io.modelcontextprotocol/clientCapabilities'] : undefined;
  return isObject(caps) ? caps : {};
}

function hasPath(caps: Record<string, unknown>, path: string): boolean {
  let at: unknown = caps;
  for (const part of path.split('.')) {
    if (!isObject(at) || !isObject(at[part])) return false;
    at = at[part];
  }
  return true;
}

/**
 * A client declares a capability exactly when it serves its requests: declared, anything but
 * "method not found"; not declared, an error, never a result. With `error`, only the refusal of an
 * undeclared capability is judged (against that pattern). Returns the verdict when the answer does
 * not fit (or cannot be judged), undefined when it fits.
 */
function judgeByCapability(
  capability: string,
  errorPattern: unknown,
  caps: Record<string, unknown>,
  answer: Sent,
  method: string,
  ctx: () => MatchContext,
): Verdict | undefined {
  const error = isObject(answer.message.error) ? answer.message.error : undefined;
  if (hasPath(caps, capability)) {
    // With an error pattern the check is about how an undeclared capability is refused only.
    if (errorPattern !== undefined) return { status: 'skipped', message: `the client declared ${capability}, so how it refuses ${method} cannot be judged` };
    if (error?.code !== -32601) return undefined;
    return {
      status: 'failed',
      message: `the client declared ${capability} but answered ${method} with method not found`,
      expected: `a result (or an error other than -32601) to ${method}`,
      actual: renderValue(answer.message),
    };
  }
  if (!error) {
    return {
      status: 'failed',
      message: `the client answered ${method} with a result without declaring the ${capability} capability`,
      expected: `an error to ${method}, or ${capability} in its capabilities`,
      actual: renderValue(answer.message),
    };
  }
  if (errorPattern === undefined) return undefined;
  const outcome = matchPattern(errorPattern, error, ctx());
  if (outcome.ok) return undefined;
  return {
    status: 'failed',
    message: `the client refused ${method} (not declared) with another error than expected`,
    expected: describePattern(errorPattern),
    actual: renderValue(answer.message),
    pointer: `/error${outcome.pointer}`,
  };
}
