// `request`: sends a request (with the stateless `_meta` the revision needs) and moves on.
import { isStateless } from '../../schema/revisions.js';
import { evaluate } from '../matchers/index.js';
import { META, withRequestMeta } from '../../wire/protocol/index.js';
import type { RequestStep } from '../suite-loader/types.js';
import { evalContext, StepError, type StepContext } from './context.js';
import { observedAgain } from './preconditions.js';

const SHORT_META: Record<string, string> = {
  protocolVersion: META.protocolVersion,
  clientInfo: META.clientInfo,
  clientCapabilities: META.clientCapabilities,
  logLevel: META.logLevel,
};

export async function runRequest(ctx: StepContext, step: RequestStep): Promise<void> {
  const params = evaluateParams(ctx, step.params, step);
  let finalParams = params;
  if (isStateless(ctx.revision) && step.meta !== false) {
    const overrides = step.meta ? expandMeta(evaluate(step.meta, evalContext(ctx)) as Record<string, unknown>) : {};
    const withOwn = { ...(params ?? {}), _meta: { ...((params?._meta as Record<string, unknown>) ?? {}), ...overrides } };
    finalParams = withRequestMeta(ctx.revision, withOwn, ctx.client);
  }
  const id = step.id !== undefined ? (evaluate(step.id, evalContext(ctx)) as string | number) : undefined;
  const entry = await ctx.session.request(step.method, finalParams, { ...(id !== undefined ? { id } : {}) });
  if (step.as) {
    ctx.labels.set(step.as, entry);
    observedAgain(ctx, step.as);
  }
}

export function evaluateParams(ctx: StepContext, params: unknown, step: { sourceLine: number } & object): Record<string, unknown> | undefined {
  if (params === undefined) return undefined;
  const value = evaluate(params, evalContext(ctx));
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new StepError(`params must evaluate to an object (line ${step.sourceLine})`, step as never);
  }
  return value as Record<string, unknown>;
}

function expandMeta(meta: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(meta ?? {})) out[SHORT_META[k] ?? k] = v;
  return out;
}
