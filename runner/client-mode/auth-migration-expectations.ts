// Judges the authorization server binding of 2026-07-28 (basic/authorization/client-registration,
// "Authorization Server Binding"): when the MCP server moves to another authorization server, a
// client that registered dynamically with the first one registers again with the new one and never
// presents the first one's client id (and secret) there. Client ID Metadata Document ids are
// portable, and a client that never authorizes again has shown nothing to judge. Pre-registered
// credentials of the first server are judged apart (the section's SHOULD for them): they are never
// presented to the server the metadata names instead; an error or a new registration there passes.
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

/** Which of the pre-registered credentials a request carries anywhere (query, form body, HTTP Basic): 'client id', 'secret', both, or none. */
function presented(s: Seen, pre: { clientId: string; clientSecret?: string }): string[] {
  const basic = /^Basic\s+(.+)$/i.exec(s.r.headers.authorization ?? '');
  const decoded = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8') : undefined;
  const colon = decoded?.indexOf(':') ?? -1;
  const basicParts = decoded === undefined || colon < 0 ? [] : [decoded.slice(0, colon), decoded.slice(colon + 1)].map(safeDecode);
  const values = [...Object.values(s.r.query), ...Object.values(s.r.body ?? {}), ...basicParts];
  return [...(values.includes(pre.clientId) ? ['client id'] : []), ...(pre.clientSecret !== undefined && values.includes(pre.clientSecret) ? ['secret'] : [])];
}

const safeDecode = (value: string): string => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/**
 * The SHOULD for pre-registered credentials (client-registration, "Authorization Server Binding"):
 * the client holds a pre-registered client of the first authorization server while the protected
 * resource metadata names the second. Presenting that client's id or secret to the second is the
 * finding; registering there anew, or stopping without presenting them, passes.
 */
export function judgePreRegisteredBinding(facts: AuthFacts): HttpVerdict {
  const pre = facts.setup.preRegistered;
  const second = facts.secondIssuer;
  if (pre === undefined || second === undefined)
    return { status: 'skipped', message: 'this setup gives the client no pre-registered credentials of an authorization server the MCP server has left' };
  const { all, toServer, registrations } = viewOf(facts);
  const atSecond = toServer.filter((s) => s.r.issuer === second);
  for (const s of atSecond) {
    const what = presented(s, pre);
    if (what.length > 0)
      return {
        status: 'failed',
        message: `the client presented the ${what.join(' and ')} pre-registered with ${facts.issuer} to ${second}, the authorization server the protected resource metadata names instead`,
        expected: `an error naming the mismatch, or a registration at ${second} and its own client id`,
        actual: `${showRequest(s)} carrying the pre-registered ${what.join(' and ')}`,
        evidence: [s.seq],
      };
  }
  const registered = registrations.find((s) => s.r.issuer === second && s.r.status >= 200 && s.r.status < 300);
  if (registered)
    return {
      status: 'passed',
      message: `the client registered anew with ${second} and presented none of the credentials pre-registered with ${facts.issuer} there`,
      evidence: [registered.seq],
    };
  const metadataPath = facts.resourceMetadataUrl === undefined ? undefined : new URL(facts.resourceMetadataUrl).pathname;
  const readMetadata = all.find((s) => s.r.to === 'resource' && s.r.method === 'GET' && s.r.path === metadataPath && s.r.status === 200);
  if (!readMetadata)
    return {
      status: 'skipped',
      message:
        'the client never read the protected resource metadata, so it never learned which authorization server the MCP server uses (authorization is OPTIONAL for clients)',
    };
  const flowsAtFirst = toServer.filter((s) => s.r.issuer !== second && (s.r.path === '/authorize' || s.r.path === '/token'));
  if (flowsAtFirst.length > 0 && atSecond.length === 0)
    return {
      status: 'skipped',
      message: `the client went to the authorization server of its credentials (${facts.issuer}), not to the one the protected resource metadata names (${second}); that is the discovery checks' business, and nothing was presented to ${second}`,
    };
  return {
    status: 'passed',
    message: `after reading the protected resource metadata (naming ${second}) the client presented nothing of the client pre-registered with ${facts.issuer} there; requests to ${second}: ${list(atSecond)}`,
    evidence: [readMetadata.seq],
  };
}
