// Judges the issuer checks of 2026-07-28 (basic/authorization, "Authorization response
// validation"; authorization-server-discovery, "Authorization server metadata discovery"): an
// authorization response whose `iss` differs from the recorded issuer by simple string comparison,
// or lacks it where the metadata promised it, is never redeemed at the token endpoint; a metadata
// document whose `issuer` is not the one it was discovered from is not used.
import type { AuthFacts } from './auth-host.js';
import { list, viewOf } from './auth-request-view.js';
import type { HttpVerdict } from './types.js';

/** Why this setup's authorization responses must be rejected, or undefined when they are acceptable. */
function rejectionReason(facts: AuthFacts): string | undefined {
  const { issParameter = 'exact', issAdvertised = true } = facts.setup;
  if (issParameter === 'wrong') return 'its iss names another issuer';
  if (issParameter === 'trailing-slash') return `its iss (${facts.issuer}/) equals the issuer only after normalisation`;
  if (issParameter === 'absent' && issAdvertised) return 'it has no iss although the metadata sets authorization_response_iss_parameter_supported';
  return undefined;
}

export function judgeIssuerDuty(duty: 'iss-validated' | 'metadata-issuer-validated', facts: AuthFacts): HttpVerdict {
  const { authorizations, codeExchanges, toServer } = viewOf(facts);
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
