// Judges what a client does when the MCP server refuses an operation with 403 `insufficient_scope`
// (basic/authorization, "Scope challenge handling", from 2025-11-25): it re-authorizes asking for
// the challenged scope and retries the operation (step-up), keeps the scope it asked for before
// (the union, 2026-07-28), and gives up after a few attempts when the 403 never goes away.
import type { AuthFacts } from './auth-host.js';
import { list, scopeWords, showRequest, viewOf } from './auth-request-view.js';
import type { HttpVerdict } from './types.js';

/**
 * How many times a refused operation may be sent again before the client is looping. The
 * specification says "no more than a few times" without a number; three retries (four attempts in
 * all) is our reading, and the check is SHOULD-level.
 */
const MAX_STEP_UP_RETRIES = 3;

export function judgeStepUpDuty(duty: 'step-up' | 'step-up-scope-union' | 'retry-limit', facts: AuthFacts): HttpVerdict {
  const { all, endpointPath, mcp, authorizations, tokenRequests } = viewOf(facts);
  const stepUp = facts.setup.stepUp;
  if (!stepUp) return { status: 'skipped', message: 'this setup never answers 403 insufficient_scope' };
  const refused = mcp.filter((s) => s.r.status === 403);
  const first = refused[0];
  if (!first) return { status: 'skipped', message: `the client never met a 403 insufficient_scope (it sent no ${stepUp.methods.join(' or ')} with a token)` };
  const operation = first.r.rpcMethod ?? stepUp.methods[0]!;

  if (duty === 'retry-limit') {
    const attempts = refused.filter((s) => s.r.rpcMethod === operation);
    const reauthorizations = authorizations.filter((s) => s.seq > first.seq);
    if (attempts.length > MAX_STEP_UP_RETRIES + 1 || reauthorizations.length > MAX_STEP_UP_RETRIES) {
      return {
        status: 'failed',
        message: `the 403 never went away, yet the client sent ${operation} ${attempts.length} times and authorized ${reauthorizations.length} more times instead of giving up`,
        expected: `at most ${MAX_STEP_UP_RETRIES} retries of ${operation} and ${MAX_STEP_UP_RETRIES} re-authorizations`,
        actual: `${attempts.length} attempts answered 403; ${reauthorizations.length} authorization requests after the first 403`,
        evidence: [first.seq, attempts[attempts.length - 1]!.seq],
      };
    }
    return {
      status: 'passed',
      message: `the client stopped after ${attempts.length} attempt(s) of ${operation} and ${reauthorizations.length} re-authorization(s)`,
      evidence: [first.seq],
    };
  }

  if (stepUp.never) return { status: 'skipped', message: 'this setup never accepts the step-up scope, so a completed step-up cannot be judged' };
  const again = authorizations.find((s) => s.seq > first.seq);
  // The union is a property of the new authorization's scope: with none there is nothing to judge,
  // and the missing step-up is client.auth.step-up's finding, not a second one here.
  if (!again && duty === 'step-up-scope-union')
    return {
      status: 'skipped',
      message: `after 403 insufficient_scope on ${operation} the client asked for no new authorization, so the scope of one cannot be judged (client/auth-step-up judges the missing step-up)`,
    };
  if (!again) {
    // A refresh cannot widen the scope (RFC 6749 section 6), so it does not answer the challenge.
    const refreshed = tokenRequests.find((s) => s.seq > first.seq && s.r.body?.grant_type === 'refresh_token');
    const refusedToken = first.r.headers.authorization;
    // Carrying on with the refused token, with no OAuth request at all after the challenge, is the
    // client's answer to it; OAuth requests without an authorization request (discovery, a
    // registration) mean a re-authorization began that the program did not take to the
    // authorization endpoint, and nothing at all after the 403 tells nothing.
    const oauthAfter = all.filter((s) => s.seq > first.seq && (s.r.to !== 'resource' || s.r.path !== endpointPath));
    const carriedOn = mcp.find((s) => s.seq > first.seq && refusedToken !== undefined && s.r.headers.authorization === refusedToken);
    if (!refreshed && oauthAfter.length > 0)
      return {
        status: 'skipped',
        message: `after 403 insufficient_scope on ${operation} the client began a new authorization (${list(oauthAfter)}) but never sent an authorization request: the program must complete a re-authorization in mid-session as it does when connecting (follow the authorization URL its library hands it, redeem the code, call again)`,
      };
    if (!refreshed && !carriedOn)
      return {
        status: 'skipped',
        message: `after 403 insufficient_scope on ${operation} the client sent nothing more (no authorization request, no other request): if its library hands the program an authorization URL, the program must complete that re-authorization in mid-session and call again`,
      };
    return {
      status: 'failed',
      message: `after 403 insufficient_scope on ${operation} the client did not ask for a new authorization${refreshed ? ' (it refreshed its token instead, which keeps the old scope)' : ' and carried on with the refused token'}`,
      expected: `an authorization request with scope including "${stepUp.scope}"`,
      actual: `authorization requests: ${list(authorizations)}${refreshed ? `; after the 403: ${showRequest(refreshed)} (refresh_token grant)` : `; after the 403: ${showRequest(carriedOn!)} with the same token`}`,
      evidence: [first.seq, (refreshed ?? carriedOn)!.seq],
    };
  }
  const asked = scopeWords(again.r.query.scope);
  const challenged = [...scopeWords(stepUp.scope)];
  if (duty === 'step-up-scope-union') {
    const before = authorizations.filter((s) => s.seq < first.seq).at(-1);
    const kept = [...scopeWords(before?.r.query.scope), ...challenged];
    const missing = kept.filter((w) => !asked.has(w));
    if (missing.length > 0) {
      return {
        status: 'failed',
        message: `the re-authorization dropped scope it had asked for before (${missing.join(' ')})`,
        expected: `scope including ${kept.join(' ')}`,
        actual: showRequest(again),
        evidence: [first.seq, again.seq],
      };
    }
    return { status: 'passed', message: 'the re-authorization asked for the earlier scope and the challenged one', evidence: [again.seq] };
  }
  const missing = challenged.filter((w) => !asked.has(w));
  if (missing.length > 0) {
    return {
      status: 'failed',
      message: `the re-authorization after the 403 did not ask for the challenged scope (${missing.join(' ')})`,
      expected: `scope including ${stepUp.scope}`,
      actual: showRequest(again),
      evidence: [first.seq, again.seq],
    };
  }
  const retried = mcp.find((s) => s.seq > again.seq && s.r.rpcMethod === operation && s.r.status >= 200 && s.r.status < 300);
  if (!retried) {
    // Redeeming the new code and calling again are often the program's part (the SDKs throw and
    // leave finishAuth and the retry to it): not doing them is no proof about the library.
    const redeemed = tokenRequests.some((s) => s.seq > again.seq);
    return {
      status: 'skipped',
      message: `the client asked for a new authorization with the challenged scope${redeemed ? ` and redeemed it, but never sent ${operation} again` : ' but never redeemed its code'}: the program must finish a re-authorization in mid-session (redeem the code, as when connecting) and call again (later requests: ${list(mcp.filter((s) => s.seq > again.seq))})`,
    };
  }
  return {
    status: 'passed',
    message: `after the 403 the client re-authorized with the challenged scope and ${operation} went through`,
    evidence: [first.seq, again.seq, retried.seq],
  };
}
