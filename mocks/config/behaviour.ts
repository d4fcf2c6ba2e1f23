// Performs a tool behaviour of a mock file: progress and log messages first, then the optional
// delay (cut short by cancellation), then the answer.
import { reply, type ReplyValue, type RequestContext } from '../core/index.js';
import { toolResultFor } from './definitions.js';
import { substitute } from './substitute.js';
import type { MockBehaviour } from './types.js';

export async function perform(behaviour: MockBehaviour, values: Record<string, unknown>, ctx: RequestContext): Promise<ReplyValue> {
  const steps = behaviour.progress ?? [];
  const total = steps.length > 0 ? Math.max(...steps) : undefined;
  for (const value of steps) ctx.progress(value, total);
  for (const entry of behaviour.log ?? []) ctx.log(entry.level, substitute(entry.data, values), entry.logger);
  if (behaviour.delayMs) await ctx.delay(behaviour.delayMs);
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
