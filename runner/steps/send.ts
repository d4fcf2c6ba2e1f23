// `send`: writes raw text, JSON or bytes exactly as the scenario gives it, for malformed-input tests.
import { evaluate } from '../matchers/index.js';
import type { SendStep } from '../suite-loader/types.js';
import { evalContext, StepError, type StepContext } from './context.js';
import { observedAgain } from './preconditions.js';

export async function runSend(ctx: StepContext, step: SendStep): Promise<void> {
  if (step.hex !== undefined) {
    if (ctx.session.transport.kind !== 'stdio') {
      throw new StepError(
        `send hex writes bytes on a byte stream, but this cell runs over ${ctx.transport}; add \`transports: [stdio]\` to the scenario (line ${step.sourceLine})`,
        step,
      );
    }
    if (step.as) throw new StepError(`send hex cannot be labelled: bytes are not a request to correlate (line ${step.sourceLine})`, step);
    await ctx.session.sendBytes(step.hex, step.responseId !== undefined ? { responseId: step.responseId } : {});
    return;
  }
  let text: string;
  let raw = false;
  if (step.json !== undefined) text = JSON.stringify(evaluate(step.json, evalContext(ctx)));
  else if (step.line !== undefined) text = String(evaluate(step.line, evalContext(ctx)));
  else if (step.text !== undefined) {
    text = String(evaluate(step.text, evalContext(ctx)));
    raw = true;
  } else throw new StepError(`send needs one of line, json, text or hex (line ${step.sourceLine})`, step);
  const entry = await ctx.session.sendRaw(text, {
    raw,
    ...(step.responseId !== undefined ? { responseId: step.responseId } : {}),
  });
  if (step.as) {
    if (!entry) throw new StepError(`send labelled "${step.as}" has no id to correlate; add responseId (line ${step.sourceLine})`, step);
    ctx.labels.set(step.as, entry);
    observedAgain(ctx, step.as);
  }
}
