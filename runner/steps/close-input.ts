// `closeInput`: closes the target's input and checks that it exits by itself within the bound.
import type { CloseInputStep } from '../suite-loader/types.js';
import { recordCheck, type StepContext } from './context.js';

export interface Closer {
  /** Closes the target's input and reports whether it exited on its own within `ms`. */
  closeInput(ms: number): Promise<{ exited: boolean; detail: string }>;
}

export async function runCloseInput(ctx: StepContext & { closer: Closer }, step: CloseInputStep): Promise<void> {
  const ms = step.within ?? ctx.timeoutMs;
  const { exited, detail } = await ctx.closer.closeInput(ms);
  recordCheck(
    ctx,
    step,
    exited ? { status: 'passed', message: detail } : { status: 'violated', message: detail, expected: `exit within ${ms} ms of input closing`, actual: detail },
  );
}
