// `handshake`: the cell revision's opening exchange (initialize, then notifications/initialized).
// Also used by the engine before the steps of every `session: initialized` scenario.
import { isStateless } from '../../schema/revisions.js';
import { initializeParams, isErrorResponse, type JsonRpcResponse } from '../../wire/protocol/index.js';
import type { CheckOptions, HandshakeStep } from '../suite-loader/types.js';
import { boundFor, recordCheck, missingReason, type StepContext } from './context.js';
import { awaitFirstAnswer } from './first-answer.js';

export interface HandshakeOutcome {
  ok: boolean;
  /** Why it failed, phrased for a report. */
  problem?: string;
  response?: JsonRpcResponse;
  closed?: boolean;
}

export async function performHandshake(
  ctx: StepContext,
  opts: { as?: string; protocolVersion?: string; author: 'runner' | 'scenario' },
): Promise<HandshakeOutcome> {
  if (isStateless(ctx.revision)) return { ok: true };
  const params = initializeParams(ctx.revision, ctx.client);
  if (opts.protocolVersion) params.protocolVersion = opts.protocolVersion;
  const entry = await ctx.session.request('initialize', params, { author: opts.author });
  if (opts.as) ctx.labels.set(opts.as, entry);
  // On a process nothing has come from yet, initialize is its first answer: it may wait for the
  // process to start as well.
  const answer =
    ctx.session.inbound.length === 0
      ? await awaitFirstAnswer(ctx.session, entry, ctx.timeoutMs, ctx.signal)
      : { response: await ctx.session.response(entry, ctx.timeoutMs, ctx.signal), boundMs: ctx.timeoutMs, fromFirstResponse: false };
  const response = answer.response;
  if (!response) {
    const closed = ctx.session.closed;
    const within = `${answer.boundMs} ms${answer.fromFirstResponse ? ' of its first response' : ''}`;
    return {
      ok: false,
      closed: closed !== undefined,
      problem: closed
        ? `the target ended (${closed.reason}) before answering initialize`
        : ctx.session.overLimit
          ? `the answer to initialize could not be read: ${ctx.session.overLimit.reason}`
          : `no response to initialize within ${within}`,
    };
  }
  if (isErrorResponse(response)) {
    return { ok: false, response, problem: `initialize was answered with error ${response.error.code}: ${response.error.message}` };
  }
  const result = response.result as Record<string, unknown>;
  ctx.vars.serverCapabilities = result.capabilities ?? {};
  ctx.vars.serverInfo = result.serverInfo;
  ctx.vars.negotiatedVersion = result.protocolVersion;
  await ctx.session.notify('notifications/initialized', undefined, opts.author);
  // The steps after the handshake must not overtake it (over HTTP each message is its own POST).
  await ctx.session.transport.delivered?.();
  return { ok: true, response };
}

export async function runHandshake(ctx: StepContext, step: HandshakeStep): Promise<void> {
  const outcome = await performHandshake(ctx, {
    ...(step.as ? { as: step.as } : {}),
    ...(step.protocolVersion ? { protocolVersion: step.protocolVersion } : {}),
    author: 'scenario',
  });
  if (outcome.ok) return;
  const why = outcome.closed
    ? { status: 'errored' as const, message: outcome.problem ?? 'handshake failed' }
    : outcome.response
      ? { status: 'violated' as const, message: outcome.problem ?? 'handshake failed' }
      : missingReason(ctx, 'no response to initialize', boundFor(ctx, undefined));
  recordCheck(ctx, step as HandshakeStep & CheckOptions, why);
}
