// Performs a tool behaviour of a mock file: progress and log messages first, then the transport
// directives (drop the stream, end the session), the optional delay (cut short by cancellation),
// the question to the client, then the answer.
import { askClient, ProtocolError, reply, type ClientInputMethod, type MockServer, type ReplyValue, type RequestContext } from '../core/index.js';
import { toolResultFor } from './definitions.js';
import { substitute } from './substitute.js';
import type { MockBehaviour } from './types.js';

/** The client's answer to a scripted server-to-client request, as `{ result }` or `{ error }`. */
async function requestFromClient(
  request: NonNullable<MockBehaviour['clientRequest']>,
  params: Record<string, unknown> | undefined,
  ctx: RequestContext,
): Promise<Record<string, unknown>> {
  try {
    const options = {
      ...(request.timeoutMs !== undefined ? { timeoutMs: request.timeoutMs } : {}),
      ...(request.ignoreCapabilities ? { ignoreCapabilities: true } : {}),
    };
    return { result: await ctx.requestClient(request.method, params, options) };
  } catch (err) {
    if (err instanceof ProtocolError) return { error: err.toJson() };
    // Not allowed at this revision, capability not declared, or no answer in time: the tool says so.
    return { error: { code: -32603, message: (err as Error).message } };
  }
}

const INPUT_METHODS: readonly string[] = ['sampling/createMessage', 'elicitation/create', 'roots/list'] satisfies ClientInputMethod[];

/**
 * The client's answer as `{ client }` values, or the result to return now: at 2026-07-28 the
 * question travels in an input_required result and the answer comes back in the retry. With
 * `then`, further questions follow once the first is answered (at 2026-07-28 one round each);
 * `{ client }` is the last answer.
 */
async function ask(
  request: NonNullable<MockBehaviour['clientRequest']>,
  values: Record<string, unknown>,
  ctx: RequestContext,
): Promise<{ client: Record<string, unknown> } | { early: Record<string, unknown> }> {
  const asked = [{ key: request.key ?? 'input', method: request.method, params: request.params }, ...(request.then ?? [])];
  const withParams = asked.map((r) => ({ ...r, params: r.params === undefined ? undefined : (substitute(r.params, values) as Record<string, unknown>) }));
  if (!ctx.stateless || !withParams.every((r) => INPUT_METHODS.includes(r.method))) {
    let client: Record<string, unknown> = {};
    for (const r of withParams) client = await requestFromClient({ ...request, method: r.method }, r.params, ctx);
    return { client };
  }
  const inputs = withParams.map((r) => ({ key: r.key, method: r.method as ClientInputMethod, ...(r.params !== undefined ? { params: r.params } : {}) }));
  const outcome = await askClient(ctx, typeof ctx.params.name === 'string' ? ctx.params.name : ctx.method, inputs);
  return 'early' in outcome ? outcome : { client: { result: outcome.answer } };
}

/** What a behaviour may change beyond its own answer. */
export interface BehaviourEffects {
  changeTools(change: NonNullable<MockBehaviour['changeTools']>, server: MockServer): void;
}

export async function perform(behaviour: MockBehaviour, values: Record<string, unknown>, ctx: RequestContext, effects?: BehaviourEffects): Promise<ReplyValue> {
  const steps = behaviour.progress ?? [];
  const total = steps.length > 0 ? Math.max(...steps) : undefined;
  for (const value of steps) ctx.progress(value, total);
  for (const entry of behaviour.log ?? []) ctx.log(entry.level, substitute(entry.data, values), entry.logger);
  if (behaviour.dropStream)
    ctx.transport({
      kind: 'drop-stream',
      ...(typeof behaviour.dropStream === 'object' && behaviour.dropStream.retryMs !== undefined ? { retryMs: behaviour.dropStream.retryMs } : {}),
    });
  if (behaviour.endSession) ctx.transport({ kind: 'end-session' });
  if (behaviour.changeTools) effects?.changeTools(behaviour.changeTools, ctx.server);
  if (behaviour.delayMs) await ctx.delay(behaviour.delayMs);
  if (behaviour.clientRequest) {
    const asked = await ask(behaviour.clientRequest, values, ctx);
    if ('early' in asked) return asked.early;
    values = { ...values, client: asked.client };
  }
  if (behaviour.noResponse) return reply.none();
  if (behaviour.error) {
    const { code, message, data } = behaviour.error;
    return reply.error(code, String(substitute(message, values)), data === undefined ? undefined : substitute(data, values));
  }
  if (behaviour.text !== undefined) {
    const text = String(substitute(behaviour.text, values));
    return { content: [{ type: 'text', text }], ...(behaviour.isError ? { isError: true } : {}) };
  }
  return toolResultFor(substitute(behaviour.result ?? { content: [] }, values) as Record<string, unknown>, ctx.revision);
}
