// WWW-Authenticate parsing: the shapes protected MCP servers send (RFC 6750 Bearer challenges with
// RFC 9728 resource_metadata), several challenges in one header, quoting and odd spacing.
import { describe, expect, it } from 'vitest';
import { parseAuthChallenges, primaryChallenge } from './www-authenticate.js';

describe('parseAuthChallenges', () => {
  it('reads a Bearer challenge with quoted and token params, names lower-cased', () => {
    expect(
      parseAuthChallenges('Bearer resource_metadata="http://127.0.0.1:3/.well-known/oauth-protected-resource/mcp", Scope="a b", error=invalid_token'),
    ).toEqual([
      { scheme: 'bearer', params: { resource_metadata: 'http://127.0.0.1:3/.well-known/oauth-protected-resource/mcp', scope: 'a b', error: 'invalid_token' } },
    ]);
  });

  it('splits several challenges and keeps escaped quotes and commas inside quoted values', () => {
    const all = parseAuthChallenges('Basic realm="x, y", Bearer error="insufficient_scope", error_description="need \\"files:write\\""');
    expect(all).toEqual([
      { scheme: 'basic', params: { realm: 'x, y' } },
      { scheme: 'bearer', params: { error: 'insufficient_scope', error_description: 'need "files:write"' } },
    ]);
  });

  it('accepts a bare scheme, a token68 credential and nothing at all', () => {
    expect(parseAuthChallenges('Bearer')).toEqual([{ scheme: 'bearer', params: {} }]);
    expect(parseAuthChallenges('Negotiate YWJj==, Bearer realm="r"')).toEqual([
      { scheme: 'negotiate', params: {}, token68: 'YWJj==' },
      { scheme: 'bearer', params: { realm: 'r' } },
    ]);
    expect(parseAuthChallenges(undefined)).toEqual([]);
    expect(parseAuthChallenges('  ')).toEqual([]);
  });
});

describe('primaryChallenge', () => {
  it('prefers the Bearer challenge, else the first one', () => {
    expect(primaryChallenge('Basic realm="a", Bearer scope="s"')).toEqual({ scheme: 'bearer', params: { scope: 's' } });
    expect(primaryChallenge('Basic realm="a"')).toEqual({ scheme: 'basic', params: { realm: 'a' } });
    expect(primaryChallenge(undefined)).toBeUndefined();
  });
});
