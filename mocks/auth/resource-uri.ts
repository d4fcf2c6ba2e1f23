// Which strings name an MCP server as an OAuth resource or an authorization server as an issuer,
// as the mock OAuth layer and the client-mode judges both read them.

/** The endpoint URL (its canonical URI) and the server's origin, a less specific but valid resource URI; lower case. */
export function canonicalResourceForms(endpoint: string): Set<string> {
  const url = new URL(endpoint);
  return new Set([url.href, url.href.replace(/\/$/, ''), url.origin, `${url.origin}/`].map((s) => s.toLowerCase()));
}

/**
 * Whether `value` names the MCP server at `endpoint`: its URL (with or without a trailing slash) or
 * its origin, a less specific but valid resource URI (as the core rule on `resource` reads it).
 */
export function resourceMatches(value: string, endpoint: string): boolean {
  return canonicalResourceForms(endpoint).has(value.toLowerCase());
}

/** Whether `value` is `issuer`, with or without a trailing slash (the spec's examples end issuers with one). */
export function sameIssuer(value: unknown, issuer: string): boolean {
  if (typeof value !== 'string') return false;
  const bare = issuer.replace(/\/$/, '');
  return value === bare || value === `${bare}/`;
}
