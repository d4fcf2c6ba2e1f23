// Views over the OAuth requests a client-mode cell recorded (AuthFacts), shared by the judges of
// authorization duties: how a request is shown in a verdict, and the requests each judge looks at.
import type { AuthFacts } from './auth-host.js';
import type { HttpVerdict } from './types.js';

export type Seen = AuthFacts['requests'][number];

export const showRequest = ({ r }: Seen): string =>
  `${r.method} ${r.path}${Object.keys(r.query).length ? `?${new URLSearchParams(r.query).toString()}` : ''} (${r.status || 'unanswered'})`;
export const list = (items: Seen[]): string => (items.length === 0 ? 'none' : items.map(showRequest).join('; ').slice(0, 400));

/** The requests of a cell sorted by role: to the authorization server, to the MCP endpoint, /authorize, /token, /register. */
export function viewOf(facts: AuthFacts) {
  const all = facts.requests;
  const endpointPath = new URL(facts.endpoint).pathname;
  const toServer = all.filter((s) => s.r.to === 'authorization-server');
  return {
    all,
    endpointPath,
    toServer,
    mcp: all.filter((s) => s.r.to === 'resource' && s.r.path === endpointPath),
    authorizations: toServer.filter((s) => s.r.method === 'GET' && s.r.path === '/authorize'),
    tokenRequests: toServer.filter((s) => s.r.method === 'POST' && s.r.path === '/token'),
    codeExchanges: toServer.filter((s) => s.r.method === 'POST' && s.r.path === '/token' && s.r.body?.grant_type === 'authorization_code'),
    registrations: toServer.filter((s) => s.r.method === 'POST' && s.r.path === '/register'),
  };
}

export const noFlow: HttpVerdict = {
  status: 'skipped',
  message: 'the client sent no authorization request, so this step cannot be judged (see the discovery checks)',
};

/** The words of a scope string. */
export const scopeWords = (scope: string | undefined): Set<string> => new Set((scope ?? '').split(' ').filter(Boolean));

/** The client id a token request names: in its Basic credentials, else in its body. */
export function tokenClientId(s: Seen): string | undefined {
  const basic = /^Basic\s+(.+)$/i.exec(s.r.headers.authorization ?? '');
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    return decodeURIComponent(decoded.slice(0, Math.max(0, decoded.indexOf(':'))));
  }
  return s.r.body?.client_id;
}
