// Public surface of the step executors: one function per step kind, dispatched by `kind`.
import type { Step } from '../suite-loader/types.js';
import { RegexTimeoutError } from '../matchers/index.js';
import { recordCheck, StepError } from './context.js';
import { judges, markNotProduced, unmetPrecondition } from './preconditions.js';
import { runCancel } from './cancel.js';
import { runCheck } from './check.js';
import { runCloseInput, type Closer } from './close-input.js';
import { runCollectNotifications } from './collect-notifications.js';
import type { StepContext } from './context.js';
import { runExpect } from './expect.js';
import { runExpectNoNotification, runExpectNotification } from './expect-notification.js';
import { runExpectNoResponse } from './expect-no-response.js';
import { runHandshake } from './handshake.js';
import { runHttp } from './http.js';
import { runLoop } from './loop.js';
import { runNotify } from './notify.js';
import { runRequest } from './request.js';
import { runSend } from './send.js';
import { runSet } from './set.js';

export type ExecutionContext = StepContext & { closer: Closer };

export async function runStep(ctx: ExecutionContext, step: Step): Promise<void> {
  // A step that needs what a refused request would have given is not run: a judging step records
  // a skipped check saying what happened, and whatever the step would have produced is marked too.
  const unmet = unmetPrecondition(ctx, step);
  if (unmet !== undefined) {
    if (judges(step)) recordCheck(ctx, step as Parameters<typeof recordCheck>[1], { status: 'skipped', message: unmet });
    markNotProduced(ctx, step, unmet);
    return;
  }
  try {
    await dispatch(ctx, step);
  } catch (err) {
    // The scenario's pattern is at fault, not the target and not the runner: say where it is.
    if (err instanceof RegexTimeoutError) throw new StepError(`${err.message} (${ctx.scenario.file}:${step.sourceLine})`, step);
    throw err;
  }
}

async function dispatch(ctx: ExecutionContext, step: Step): Promise<void> {
  switch (step.kind) {
    case 'request':
      return runRequest(ctx, step);
    case 'notify':
      return runNotify(ctx, step);
    case 'send':
      return runSend(ctx, step);
    case 'handshake':
      return runHandshake(ctx, step);
    case 'expect':
      return runExpect(ctx, step);
    case 'expectNoResponse':
      return runExpectNoResponse(ctx, step);
    case 'expectNotification':
    case 'expectServerRequest':
      return runExpectNotification(ctx, step);
    case 'expectNoNotification':
    case 'expectNoServerRequest':
      return runExpectNoNotification(ctx, step);
    case 'collectNotifications':
      return runCollectNotifications(ctx, step);
    case 'cancel':
      return runCancel(ctx, step);
    case 'set':
      return runSet(ctx, step);
    case 'check':
      return runCheck(ctx, step);
    case 'loop':
      return runLoop(ctx, step);
    case 'closeInput':
      return runCloseInput(ctx, step);
    case 'http':
      return runHttp(ctx, step);
  }
}

export { performHandshake } from './handshake.js';
export { reviseLateAnswers, StepError, type RuleLookup, type Validators } from './context.js';
export { awaitFirstAnswer } from './first-answer.js';
