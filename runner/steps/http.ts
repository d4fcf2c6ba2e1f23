// `http`: one HTTP request whose details are the subject of the test (status codes, headers,
// content negotiation, SSE event ids, resumption), sent on the cell's HTTP session. The answer is
// matched against `answer` and can be stored for later steps with `as`.
import { describePattern, evaluate, matchPattern } from '../matchers/index.js';
import {
  isHttpCapable,
  parseAuthChallenges,
  primaryChallenge,
  type AuthChallenge,
  type RawHttpRequest,
  type RawHttpResponse,
} from '../../wire/protocol/index.js';
import type { HttpStep } from '../suite-loader/types.js';
import { evalContext, matchContext, recordCheck, StepError, type StepContext } from './context.js';
import { clip } from './expect.js';

export async function runHttp(ctx: StepContext, step: HttpStep): Promise<void> {
  const transport = ctx.session.transport;
  if (!isHttpCapable(transport)) {
    throw new StepError(
      `the http step needs an HTTP transport, but this cell runs over ${ctx.transport}; add \`transports: [http]\` to the scenario (line ${step.sourceLine})`,
      step,
    );
  }
  const scope = evalContext(ctx);
  const headers: Record<string, string | null> = {};
  for (const [written, value] of Object.entries(step.headers ?? {})) {
    // A name may come from a variable too (`"${param.header}": null`), e.g. a tool's Mcp-Param-* header.
    const name = written.includes('${') ? String(evaluate(written, scope)) : written;
    // An unset variable leaves the header out (e.g. `protocolVersionHeader` before 2025-06-18), like
    // an unset member of a JSON body, rather than sending the text "undefined".
    const evaluated = value === null ? undefined : evaluate(value, scope);
    if (evaluated === undefined || evaluated === null) {
      if (value === null) headers[name] = null;
      continue;
    }
    headers[name] = String(evaluated);
  }
  const request: RawHttpRequest = {
    method: step.method,
    headers,
    ...(step.json !== undefined ? { body: JSON.stringify(evaluate(step.json, scope)) } : {}),
    ...(step.text !== undefined ? { body: String(evaluate(step.text, scope)) } : {}),
    ...(step.session !== undefined ? { useSession: step.session } : {}),
    ...(step.maxEvents !== undefined ? { maxEvents: step.maxEvents } : {}),
    ...(step.url !== undefined ? { url: String(evaluate(step.url, scope)) } : {}),
    readMs: step.readMs ?? ctx.timeoutMs,
  };
  const answer = answerView(await transport.rawRequest(request));
  if (step.as) ctx.vars[step.as] = answer;
  if (step.answer === undefined) return;
  const seq = ctx.session.http.at(-1)?.seq;
  const what = `${step.method}${request.url !== undefined ? ` ${request.url}` : ''}${request.body !== undefined ? ` ${clip(request.body, 80)}` : ''}`;
  // Some answers leave nothing to judge (a server that requires no scope serves a scope-less
  // token): the check is skipped with the scenario's reason, never passed.
  if (step.judgeIf !== undefined && !matchPattern(step.judgeIf, answer, matchContext(ctx)).ok) {
    recordCheck(ctx, step, {
      status: 'skipped',
      message: `${what} → ${describeAnswer(answer)}: ${step.skipReason ?? `the answer does not match ${describePattern(step.judgeIf)}, so there is nothing to judge`}`,
    });
    return;
  }
  const outcome = matchPattern(step.answer, answer, matchContext(ctx));
  if (outcome.ok) {
    recordCheck(ctx, step, { status: 'passed', message: `${what} → ${describeAnswer(answer)} matches ${describePattern(step.answer)}` });
    return;
  }
  recordCheck(ctx, step, {
    status: 'violated',
    message: `${what} → ${describeAnswer(answer)}: at ${outcome.pointer || '(root)'} expected ${outcome.expected}, got ${outcome.actual}`,
    expected: describePattern(step.answer),
    actual: clip(
      JSON.stringify({
        status: answer.status,
        contentType: answer.contentType,
        ...(answer.error ? { error: answer.error } : {}),
        ...(answer.json !== undefined ? { json: answer.json } : answer.messages.length ? { messages: answer.messages } : {}),
      }),
      600,
    ),
    pointer: outcome.pointer,
    ...(seq !== undefined ? { evidence: [seq] } : {}),
  });
}

export interface HttpAnswerView {
  status: number | null;
  headers: Record<string, string>;
  /** The `WWW-Authenticate` header read into its Bearer challenge (else its first one), when present. */
  challenge?: AuthChallenge;
  /** Every challenge of `WWW-Authenticate`, in order. */
  challenges: AuthChallenge[];
  contentType: string | null;
  error?: string;
  json?: unknown;
  text?: string;
  events: { id?: string; event?: string; data: string; json?: unknown }[];
  /** Ids of the events that carried one, in order. */
  eventIds: string[];
  /** The JSON-RPC messages of the answer: the JSON body (its elements for a batch) or the events' data. */
  messages: unknown[];
  cut: boolean;
}

/** The plain-data view of an answer that patterns are matched against. */
export function answerView(r: RawHttpResponse): HttpAnswerView {
  const events = r.events.map((e) => {
    let json: unknown;
    try {
      json = e.data.trim() === '' ? undefined : JSON.parse(e.data);
    } catch {
      json = undefined;
    }
    return {
      ...(e.id !== undefined ? { id: e.id } : {}),
      ...(e.event !== undefined ? { event: e.event } : {}),
      data: e.data,
      ...(json !== undefined ? { json } : {}),
    };
  });
  const messages = r.json !== undefined ? (Array.isArray(r.json) ? r.json : [r.json]) : events.filter((e) => e.json !== undefined).map((e) => e.json);
  const challenge = primaryChallenge(r.exchange.responseHeaders['www-authenticate']);
  return {
    status: r.exchange.status ?? null,
    headers: r.exchange.responseHeaders,
    ...(challenge ? { challenge } : {}),
    challenges: parseAuthChallenges(r.exchange.responseHeaders['www-authenticate']),
    contentType: r.exchange.contentType ?? null,
    ...(r.exchange.error ? { error: r.exchange.error } : {}),
    ...(r.json !== undefined ? { json: r.json } : {}),
    ...(r.text !== undefined ? { text: r.text } : {}),
    events,
    eventIds: events.flatMap((e) => (e.id !== undefined ? [e.id] : [])),
    messages,
    cut: r.cut,
  };
}

function describeAnswer(a: HttpAnswerView): string {
  if (a.status === null) return `no answer (${a.error ?? 'unknown error'})`;
  return `${a.status}${a.contentType ? ` ${a.contentType}` : ''}${a.events.length ? `, ${a.events.length} event(s)` : ''}`;
}
