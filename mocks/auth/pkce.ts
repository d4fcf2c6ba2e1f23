// PKCE (RFC 7636) as the mock authorization server verifies it: the code verifier the client sends
// to the token endpoint must hash (S256) or equal (plain) the challenge it sent to /authorize.
import { createHash } from 'node:crypto';

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** Why the verifier does not answer the challenge, or undefined when it does. */
export function pkceMismatch(challenge: string | undefined, method: string | undefined, verifier: string | undefined): string | undefined {
  if (challenge === undefined) return verifier === undefined ? undefined : 'a code_verifier was sent but /authorize had no code_challenge';
  if (verifier === undefined) return 'no code_verifier, although /authorize had a code_challenge';
  if (!VERIFIER.test(verifier)) return 'the code_verifier is not 43 to 128 unreserved characters';
  const expected = (method ?? 'plain') === 'S256' ? s256(verifier) : verifier;
  return expected === challenge ? undefined : `the code_verifier does not match the ${method ?? 'plain'} code_challenge`;
}
