// Signed JWT access tokens (RFC 9068 shape, RS256) for testing MCP servers' token validation: a
// protected server can verify them offline against the JSON Web Key Set the mock authorization
// server publishes, instead of trusting an opaque string. Node's crypto only, no JOSE library.
import { createSign, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';

export interface AccessTokenClaims {
  /** The `iss` claim: the authorization server's issuer. */
  issuer: string;
  /** The `aud` claim: the resource (MCP server URL) the token is for (RFC 8707). */
  audience: string;
  /** Space-separated scopes; absent: no `scope` claim. */
  scope?: string;
  clientId: string;
  /** Seconds from now until `exp`; negative for a token that has already expired. */
  lifetimeSeconds: number;
}

export class TokenSigner {
  readonly keyId = `mcp-conform-${randomUUID().slice(0, 8)}`;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;

  constructor() {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  /** The public key as a JWK Set, served at the authorization server's `jwks_uri`. */
  jwks(): { keys: Record<string, unknown>[] } {
    return { keys: [{ ...this.publicKey.export({ format: 'jwk' }), kid: this.keyId, use: 'sig', alg: 'RS256' }] };
  }

  /** A compact JWS whose payload carries the claims a resource server checks. */
  sign(claims: AccessTokenClaims): { token: string; payload: Record<string, unknown> } {
    const now = Math.floor(Date.now() / 1000);
    // An expired token was also issued in the past, so that iat < exp holds.
    const issuedAt = claims.lifetimeSeconds < 0 ? now + 2 * claims.lifetimeSeconds : now;
    const payload: Record<string, unknown> = {
      iss: claims.issuer,
      sub: claims.clientId,
      aud: claims.audience,
      client_id: claims.clientId,
      iat: issuedAt,
      exp: now + claims.lifetimeSeconds,
      jti: randomUUID(),
      ...(claims.scope !== undefined ? { scope: claims.scope } : {}),
    };
    const header = { alg: 'RS256', typ: 'at+jwt', kid: this.keyId };
    const input = `${base64url(header)}.${base64url(payload)}`;
    const signature = createSign('RSA-SHA256').update(input).sign(this.privateKey).toString('base64url');
    return { token: `${input}.${signature}`, payload };
  }
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}
