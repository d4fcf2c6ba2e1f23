// Asking the client for input from inside a tool (reference tools and mock files alike), in each era's way: a server-to-client request in
// the stateful revisions, an input_required result and a retry with inputResponses in 2026-07-28.
import { ProtocolError, RequestAbortedError } from './reply.js';
import { ClientRequestError, type RequestContext } from './request-context.js';
import { hasCapability } from './revision-rules.js';

export type ClientInputMethod = 'sampling/createMessage' | 'elicitation/create' | 'roots/list';

export interface ClientInputRequest {
  /** The key of this request in inputRequests / inputResponses. */
  key: string;
  method: ClientInputMethod;
  params?: Record<string, unknown>;
}

/** Either the client's answer, or the result the tool must return now instead. */
export type ClientInputOutcome = { answer: Record<string, unknown> } | { early: Record<string, unknown> };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const CAPABILITY: Record<ClientInputMethod, { path: string; required: Record<string, unknown> }> = {
  'sampling/createMessage': { path: 'sampling', required: { sampling: {} } },
  'elicitation/create': { path: 'elicitation', required: { elicitation: { form: {} } } },
  'roots/list': { path: 'roots', required: { roots: {} } },
};

/** Form-mode elicitation: `form` declared, or an elicitation object naming neither mode. */
function acceptsFormElicitation(caps: Record<string, unknown>): boolean {
  const e = caps.elicitation;
  if (!isObject(e)) return false;
  if ('form' in e) return hasCapability(e, 'form');
  return !('url' in e);
}

function clientHas(ctx: RequestContext, method: ClientInputMethod): boolean {
  if (method === 'elicitation/create') return acceptsFormElicitation(ctx.clientCapabilities);
  return ctx.hasClientCapability(CAPABILITY[method].path);
}

/** A tool execution error: the model can read what went wrong. */
export function toolError(text: string): Record<string, unknown> {
  return { content: [{ type: 'text', text }], isError: true };
}

/** Checks that an answer has the shape its request's result type requires. */
function answerProblem(method: ClientInputMethod, answer: unknown): string | undefined {
  if (!isObject(answer)) return 'it is not an object';
  switch (method) {
    case 'sampling/createMessage':
      if (typeof answer.role !== 'string' || typeof answer.model !== 'string' || !(isObject(answer.content) || Array.isArray(answer.content))) {
        return 'a CreateMessageResult needs role, model and content';
      }
      return undefined;
    case 'elicitation/create':
      return ['accept', 'decline', 'cancel'].includes(answer.action as string) ? undefined : 'an ElicitResult needs action accept, decline or cancel';
    case 'roots/list':
      return Array.isArray(answer.roots) && answer.roots.every((r) => isObject(r) && typeof r.uri === 'string')
        ? undefined
        : 'a ListRootsResult needs roots, each with a uri';
  }
}

/** The state of round `round` (counted from 0); the first round's state names only the tool and the key. */
function encodeState(tool: string, key: string, round: number): string {
  return Buffer.from(JSON.stringify(round === 0 ? { tool, key } : { tool, key, round }), 'utf8').toString('base64url');
}

/** The round a request state was issued for, or -1 when it was not issued for this tool's rounds. */
function roundOf(state: unknown, tool: string, inputs: readonly ClientInputRequest[]): number {
  if (typeof state !== 'string') return -1;
  try {
    const decoded = JSON.parse(Buffer.from(state, 'base64url').toString('utf8')) as unknown;
    if (!isObject(decoded) || decoded.tool !== tool) return -1;
    const round = decoded.round ?? 0;
    return typeof round === 'number' && inputs[round]?.key === decoded.key ? round : -1;
  } catch {
    return -1;
  }
}

function inputRequired(tool: string, input: ClientInputRequest, round: number): ClientInputOutcome {
  return {
    early: {
      resultType: 'input_required',
      inputRequests: { [input.key]: { method: input.method, ...(input.params !== undefined ? { params: input.params } : {}) } },
      requestState: encodeState(tool, input.key, round),
    },
  };
}

/**
 * Gets input from the client for tool `tool`: one request, or several asked one after another
 * (at 2026-07-28 one round each, every round with its own key and a new request state; the
 * outcome's answer is the last one's). The request state only names the tool, the key and the
 * round: tampering with it can do nothing worse than fail the request, which is the case in which
 * basic/patterns/mrtr lets a server leave it without integrity protection.
 */
export async function askClient(ctx: RequestContext, tool: string, inputs: ClientInputRequest | readonly ClientInputRequest[]): Promise<ClientInputOutcome> {
  const rounds = Array.isArray(inputs) ? (inputs as readonly ClientInputRequest[]) : [inputs as ClientInputRequest];
  if (ctx.stateless) {
    const missing = rounds.find((input) => !clientHas(ctx, input.method));
    if (missing) {
      // basic/index#meta: a request needing an undeclared client capability gets -32021.
      throw new ProtocolError(-32021, `Missing required client capability: ${CAPABILITY[missing.method].path}`, {
        requiredCapabilities: CAPABILITY[missing.method].required,
      });
    }
    const responses = ctx.params.inputResponses;
    const state = ctx.params.requestState;
    const round = state === undefined ? 0 : roundOf(state, tool, rounds);
    if (round < 0) throw new ProtocolError(-32602, 'Invalid params: requestState was not issued for this tool call');
    // basic/patterns/mrtr, error handling: inputResponses that is not a map of answers is refused.
    if (responses !== undefined && !isObject(responses)) {
      throw new ProtocolError(-32602, 'Invalid params: inputResponses must be an object mapping each input request key to its answer');
    }
    const input = rounds[round]!;
    const answer = state !== undefined && isObject(responses) ? responses[input.key] : undefined;
    // Missing input is asked for again rather than refused (basic/patterns/mrtr, error handling).
    if (answer === undefined) return inputRequired(tool, input, round);
    const problem = answerProblem(input.method, answer);
    if (problem) throw new ProtocolError(-32602, `Invalid params: inputResponses.${input.key} is malformed: ${problem}`);
    const next = rounds[round + 1];
    return next ? inputRequired(tool, next, round + 1) : { answer: answer as Record<string, unknown> };
  }
  let outcome: ClientInputOutcome = { answer: {} };
  for (const input of rounds) {
    outcome = await requestOnce(ctx, input);
    if ('early' in outcome) return outcome;
  }
  return outcome;
}

/** A stateful revision's server-to-client request; a refusal or a malformed answer becomes the tool's error result. */
async function requestOnce(ctx: RequestContext, input: ClientInputRequest): Promise<ClientInputOutcome> {
  const { method } = input;
  try {
    const answer = await ctx.requestClient(method, input.params);
    const problem = answerProblem(method, answer);
    return problem ? { early: toolError(`The client's answer to ${method} is malformed: ${problem}.`) } : { answer };
  } catch (err) {
    if (err instanceof RequestAbortedError) throw err;
    if (err instanceof ClientRequestError) return { early: toolError(`${err.message}.`) };
    if (err instanceof ProtocolError) return { early: toolError(`The client refused ${method} with error ${err.code}: ${err.message}`) };
    throw err;
  }
}
