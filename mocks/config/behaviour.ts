// Performs a tool behaviour of a mock file: progress and log messages first, then the optional
// delay (cut short by cancellation), then the answer.
import { ProtocolError, reply, type ReplyValue, type RequestContext } from '../core/index.js';
import { toolResultFor } from './definitions.js';
import { substitute } from './substitute.js';
import type { MockBehaviour } from './types.js';

/** The client's answer to a scripted server-to-client request, as `{ result }` or `{ error }`. */
async function askClient(request: NonNullable<MockBehaviour['clientRequest']>, values: Record<string, unknown>, ctx: RequestContext): Promise<Record<string, unknown>> {
  const params = request.params === undefined ? undefined : (substitute(request.params, values) as Record<string, unknown>);
  try {
    return { result: await ctx.requestClient(request.method, params, request.timeoutMs !== undefined ? { timeoutMs: request.timeoutMs } : {}) };
  } catch (err) {
    if (err instanceof ProtocolError) return { error: err.toJson() };
    // Not allowed at this revision, capability not declared, or no answer in time: the tool says so.
    return { error: { code: -32603, message: (err as Error).message } };
  }
}

export async function perform(behaviour: MockBehaviour, values: Record<string, unknown>, ctx: RequestContext): Promise<ReplyValue> {
  const steps = behaviour.progress ?? [];
  const total = steps.length > 0 ? Math.max(...steps) : undefined;
  for (const value of steps) ctx.progress(value, total);
  for (const entry of behaviour.log ?? []) ctx.log(entry.level, substitute(entry.data, values), entry.logger);
  if (behaviour.delayMs) await ctx.delay(behaviour.delayMs);
  if (behaviour.clientRequest) values = { ...values, client: await askClient(behaviour.clientRequest, values, ctx) };
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
