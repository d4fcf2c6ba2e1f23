// Judges the issuer checks of 2026-07-28 (basic/authorization, "Authorization response
// validation"; authorization-server-discovery, "Authorization server metadata discovery"): an
// authorization response whose `iss` differs from the recorded issuer by simple string comparison,
// or lacks it where the metadata promised it, is never redeemed at the token endpoint; a metadata
// document whose `issuer` is not the one it was discovered from is not used. Beside them, a
// response without `iss` from a server that does not advertise it goes through (the same section's
// table says "Proceed"), and protected resource metadata naming another resource is not used
// (RFC 9728 section 3.3, brought in by reference: a SHOULD).
import { issAdvertisedOf, issParameterOf } from '../../mocks/index.js';
import type { AuthFacts } from './auth-host.js';
import { list, viewOf } from './auth-request-view.js';
import type { HttpVerdict } from './types.js';

/** Why this setup's authorization responses must be rejected, or undefined when they are acceptable. */
function rejectionReason(facts: AuthFacts): string | undefined {
  const issParameter = issParameterOf(facts.setup);
  const issAdvertised = issAdvertisedOf(facts.setup);
  if (issParameter === 'wrong') return 'its iss names another issuer';
  if (issParameter === 'trailing-slash') return `its iss (${facts.issuer}/) equals the issuer only after normalisation`;
  if (issParameter === 'absent' && issAdvertised) return 'it has no iss although the metadata sets authorization_response_iss_parameter_supported';
  return undefined;
}

type IssuerDuty = 'iss-validated' | 'metadata-issuer-validated' | 'iss-absence-accepted' | 'metadata-resource-validated';

/** Requests that act on an authorization server's answers: registering, authorizing, redeeming. */
const AUTHORIZING_PATHS = new Set(['/register', '/authorize', '/token']);

export function judgeIssuerDuty(duty: IssuerDuty, facts: AuthFacts): HttpVerdict {
  const { all, authorizations, codeExchanges, toServer } = viewOf(facts);
  if (duty === 'iss-absence-accepted') {
    if (issParameterOf(facts.setup) !== 'absent' || issAdvertisedOf(facts.setup))
      return { status: 'skipped', message: 'this setup sends iss or advertises authorization_response_iss_parameter_supported' };
    const answered = authorizations.find((s) => s.r.status === 302);
    if (!answered) return { status: 'skipped', message: 'the client never received an authorization response' };
    // Any token request after the response went on with it, whatever its body or outcome (a token
    // request that fails for another reason is another rule's business).
    const redeemed = toServer.find((s) => s.seq > answered.seq && s.r.method === 'POST' && s.r.path === '/token');
    if (redeemed)
      return {
        status: 'passed',
        message: 'the client went on to redeem the code of a response without iss from an authorization server that does not advertise iss',
        evidence: [answered.seq, redeemed.seq],
      };
    // Not redeeming is a rejection only when the client visibly moved on: it asked for a new
    // authorization, or went back to the MCP server. A client that stopped there (its program
    // failed to take the code from the redirect, say) shows nothing about its iss handling.
    const movedOn = all.find((s) => s.seq > answered.seq && (s.r.path === '/authorize' || s.r.to === 'resource'));
    if (!movedOn)
      return {
        status: 'skipped',
        message: `the client sent nothing after the authorization response (no token request, no other request), so whether it rejected the response for its missing iss cannot be told: the program must take the code from the redirect and let its library redeem it (requests to the authorization server after the response: ${list(toServer.filter((s) => s.seq > answered.seq))})`,
      };
    return {
      status: 'failed',
      message:
        'the client did not redeem the authorization code, although a response without iss is to be accepted when the metadata does not set authorization_response_iss_parameter_supported',
      expected: 'a token request with the code (not advertised, iss absent: proceed)',
      actual: `after the response, instead of a token request: ${list([movedOn])}`,
      evidence: [answered.seq, movedOn.seq],
    };
  }
  if (duty === 'metadata-resource-validated') {
    if (facts.setup.metadataResource !== 'other') return { status: 'skipped', message: 'the protected resource metadata of this setup names this MCP server' };
    const path = facts.resourceMetadataUrl === undefined ? undefined : new URL(facts.resourceMetadataUrl).pathname;
    const fetched = all.find((s) => s.r.to === 'resource' && s.r.method === 'GET' && s.r.path === path && s.r.status === 200);
    if (!fetched) return { status: 'skipped', message: 'the client never read the protected resource metadata' };
    const used = toServer.find((s) => s.seq > fetched.seq && AUTHORIZING_PATHS.has(s.r.path));
    if (used)
      return {
        status: 'failed',
        message: `the client went on to authorize with the authorization server of protected resource metadata whose resource is not the MCP server it asked about (${facts.endpoint})`,
        expected: 'no registration, authorization or token request based on that document',
        actual: list([used]),
        evidence: [fetched.seq, used.seq],
      };
    return { status: 'passed', message: 'the client did not authorize with protected resource metadata naming another resource', evidence: [fetched.seq] };
  }
  if (duty === 'iss-validated') {
    const reason = rejectionReason(facts);
    if (reason === undefined) return { status: 'skipped', message: 'this setup sends an acceptable iss, so there is nothing to reject' };
    const answered = authorizations.find((s) => s.r.status === 302);
    if (!answered) return { status: 'skipped', message: 'the client never received an authorization response' };
    const redeemed = codeExchanges.find((s) => s.seq > answered.seq);
    if (redeemed) {
      return {
        status: 'failed',
        message: `the client sent the authorization code to the token endpoint although the authorization response must be rejected: ${reason}`,
        expected: 'no token request with that code',
        actual: list([redeemed]),
        evidence: [answered.seq, redeemed.seq],
      };
    }
    return { status: 'passed', message: `the client rejected the authorization response (${reason}) and did not redeem its code`, evidence: [answered.seq] };
  }
  if (facts.setup.metadataIssuer !== 'other') return { status: 'skipped', message: 'the metadata of this setup names the right issuer' };
  const path = facts.serverMetadataPath;
  const fetched = toServer.find((s) => s.r.method === 'GET' && s.r.path === path && s.r.status === 200);
  if (!fetched) return { status: 'skipped', message: 'the client never read the authorization server metadata' };
  const used = toServer.find((s) => s.seq > fetched.seq && s.r.path !== path && !s.r.path.startsWith('/.well-known/'));
  if (used) {
    return {
      status: 'failed',
      message: 'the client used the endpoints of a metadata document whose issuer is not the one it was discovered from',
      expected: `no request to the endpoints of ${facts.issuer}${path ?? ''}`,
      actual: list([used]),
      evidence: [fetched.seq, used.seq],
    };
  }
  return { status: 'passed', message: 'the client did not use a metadata document naming another issuer', evidence: [fetched.seq] };
}
