// What an authorization run gives the server scenarios (suites/authorization): the token the
// target accepts, the URLs where its protected resource metadata may live, and, when the runner
// runs the mock authorization server, tokens it minted to be refused. Exposed as the `auth` variable.

export interface AuthorizationContext {
  /** `token`: given with --auth-token; `mock`: minted by the mock authorization server (--auth-mock). */
  source: 'token' | 'mock';
  /** A token the target accepts; the run sends it on every request as `Authorization: Bearer`. */
  token: string;
  /** The MCP endpoint the run tests: the protected resource. */
  resource: string;
  /** RFC 9728 section 3.1 well-known URIs for it: path-inserted, and at the root. */
  metadataPathUrl: string;
  metadataRootUrl: string;
  /**
   * Values a protected resource metadata `resource` may take for this endpoint: the endpoint URL and
   * every less specific URL on its origin that it extends, with and without a trailing slash.
   */
  acceptedResources: string[];
  /** Tokens a conforming server refuses; only with the mock authorization server. */
  minted?: {
    issuer: string;
    /** Valid signature and scope, but issued for another resource (RFC 8707 audience). */
    otherAudience: string;
    /** Issued for this resource, but expired. */
    expired: string;
    /** Issued for this resource with no scope at all. */
    noScope: string;
  };
}

/** The well-known metadata URLs of an MCP endpoint (RFC 9728 section 3.1) and the resource values that name it. */
export function resourceUrls(endpoint: string): Pick<AuthorizationContext, 'metadataPathUrl' | 'metadataRootUrl' | 'acceptedResources'> {
  const url = new URL(endpoint);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  const accepted = new Set<string>();
  const segments = path.split('/').filter(Boolean);
  for (let n = segments.length; n >= 0; n--) {
    const prefix = `${url.origin}${n === 0 ? '' : `/${segments.slice(0, n).join('/')}`}`;
    accepted.add(prefix);
    accepted.add(`${prefix}/`);
  }
  return {
    metadataPathUrl: `${url.origin}/.well-known/oauth-protected-resource${path}`,
    metadataRootUrl: `${url.origin}/.well-known/oauth-protected-resource`,
    acceptedResources: [...accepted],
  };
}

export const AUTHORIZATION_NOT_REQUESTED =
  'authorization not requested: pass --auth-token TOKEN (a token the server accepts) or --auth-mock PORT (a mock authorization server the server trusts); see docs/authorization-server.md';
export const MINTED_TOKENS_NEEDED =
  'this check presents tokens the runner mints (for another audience, expired, without scope), which needs --auth-mock PORT; --auth-token gives only one token';
