// What a mock authorization server says of its issuer in authorization responses (RFC 9207), with
// the defaults a setup leaves implicit. One place, read by the mock that sends the responses and by
// the judges of what a client did with them, so that the two never disagree.
import type { AuthSetup } from './types.js';

type IssParameter = NonNullable<AuthSetup['issParameter']>;

/**
 * The `iss` the authorization responses carry. Default: the issuer, except for a server that
 * publishes no metadata (`serverMetadata: defaults`, the 2025-03-26 fallback to default endpoints):
 * it has no issuer identifier to publish, and a client could only guess what to compare an `iss`
 * with, so it sends none.
 */
export function issParameterOf(setup: AuthSetup): IssParameter {
  return setup.issParameter ?? (setup.serverMetadata === 'defaults' ? 'absent' : 'exact');
}

/** Whether the metadata sets `authorization_response_iss_parameter_supported` (never without metadata). */
export function issAdvertisedOf(setup: AuthSetup): boolean {
  return setup.serverMetadata !== 'defaults' && setup.issAdvertised !== false;
}
