// Judges the authorization server binding of 2026-07-28 (basic/authorization/client-registration,
// "Authorization Server Binding"): when the MCP server moves to another authorization server, a
// client that registered dynamically with the first one registers again with the new one and never
// presents the first one's client id (and secret) there. Client ID Metadata Document ids are
// portable, and a client that never authorizes again has shown nothing to judge.
import { isMetadataDocumentUrl } from '../../mocks/index.js';
import type { AuthFacts } from './auth-host.js';
import { list, showRequest, tokenClientId, viewOf, type Seen } from './auth-request-view.js';
import type { HttpVerdict } from './types.js';

/** The client id an authorization or token request names. */
const clientIdOf = (s: Seen): string | undefined => (s.r.path === '/authorize' ? s.r.query.client_id : tokenClientId(s));

export function judgeMigrationDuty(facts: AuthFacts): HttpVerdict {
  const second = facts.secondIssuer;
  if (second === undefined) return { status: 'skipped', message: 'this setup keeps one authorization server' };
  const { toServer, registrations } = viewOf(facts);
  const first = (s: Seen) => s.r.issuer !== second;
  if (!registrations.some(first))
    return {
      status: 'skipped',
      message:
        'the client did not register dynamically with the first authorization server (a Client ID Metadata Document id is portable; only persisted or pre-registered credentials are bound to a server)',
    };
  const atSecond = toServer.filter((s) => !first(s));
  const flows = atSecond.filter((s) => (s.r.method === 'GET' && s.r.path === '/authorize') || (s.r.method === 'POST' && s.r.path === '/token'));
  if (flows.length === 0 && !atSecond.some((s) => s.r.path === '/register'))
    return {
      status: 'skipped',
      message: `the client never authorized with the authorization server the MCP server moved to (${second}); requests to the first one after its registration: ${list(toServer.filter((s) => first(s) && s.r.path !== '/register').slice(-4))}`,
    };
  const reused = flows.find((s) => {
    const id = clientIdOf(s);
    return id !== undefined && facts.isFirstServerClient(id);
  });
  if (reused)
    return {
      status: 'failed',
      message: `the client presented the client id the first authorization server (${facts.issuer}) registered to the new one (${second})`,
      expected: `a registration at ${second}, then its client id`,
      actual: `${showRequest(reused)} with client_id ${clientIdOf(reused)}`,
      evidence: [reused.seq],
    };
  const newRegistration = registrations.find((s) => !first(s));
  const unregistered = flows.find((s) => {
    const id = clientIdOf(s);
    return (newRegistration === undefined || s.seq < newRegistration.seq) && !(id !== undefined && isMetadataDocumentUrl(id));
  });
  if (unregistered)
    return {
      status: 'failed',
      message: `the client authorized with the new authorization server (${second}) without registering there`,
      expected: `POST ${second}/register before authorizing`,
      actual: `${showRequest(unregistered)} with client_id ${clientIdOf(unregistered) ?? '(absent)'}`,
      evidence: [unregistered.seq],
    };
  return {
    status: 'passed',
    message: `after the move the client registered with ${second} and presented none of the first authorization server's client ids there`,
    evidence: [...(newRegistration ? [newRegistration.seq] : []), ...(flows[0] ? [flows[0].seq] : [])],
  };
}
