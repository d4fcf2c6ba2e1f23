// A mock enterprise identity provider for the Enterprise-Managed Authorization extension (ext-auth,
// enterprise-managed-authorization.mdx). Single sign-on has already happened: the provider mints
// the user's ID token, which the runner hands to the client. Its token endpoint answers RFC 8693
// token exchange requests (section 4): the ID token as subject token, an ID-JAG requested for the
// MCP server's authorization server (`audience`) and the MCP server (`resource`). A request it can
// honour gets a signed ID-JAG (section 4.3) naming the client's id at that authorization server;
// anything else gets an OAuth error (section 4.2.1), as a real provider's policy would. It serves
// discovery metadata (RFC 8414 and OpenID Connect paths) and its key set; it records nothing itself
// (serveAuthorization records every request).
import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readSmallBody, sendJson } from './http-util.js';
import { ID_JAG_TOKEN_TYPE, ID_JAG_TYP, ID_TOKEN_TYPE, jwtId, signEs256, TOKEN_EXCHANGE_GRANT, verifiedJwt } from './id-jag.js';
import { resourceMatches, sameIssuer } from './resource-uri.js';
import type { AuthRequestRecord } from './types.js';

const TOKEN_PATH = '/token';
const JWKS_PATH = '/jwks';
const METADATA_PATHS = ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration'];
/** The signed-in user (the ID token's and the ID-JAG's `sub`). */
const USER = 'mcp-conform-user';
/** Seconds an ID-JAG is good for (the page's example: 300). */
const ID_JAG_LIFETIME = 300;

export interface IdentityProviderOptions {
  /** The client's id at the identity provider (the ID token's `aud`). */
  idpClientId: string;
  /** The client's id at the MCP server's authorization server (the ID-JAG's `client_id`, section 6.1). */
  mcpClientId: string;
  /** What a token exchange must name, known once the servers listen: the authorization server's issuer and the MCP endpoint. */
  target: () => { audience: string; resource: string };
}

/** The mock enterprise identity provider behind an `enterpriseManaged` setup: the user's ID token, token exchange for ID-JAGs, metadata and keys. */
export class MockIdentityProvider {
  private readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  private idTokenValue: string | undefined;
  /** Every ID-JAG issued so far. */
  private readonly issued = new Set<string>();

  constructor(
    private readonly options: IdentityProviderOptions,
    /** Its origin, e.g. http://127.0.0.1:4002 (set once listening). */
    public issuer = '',
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = createPublicKey(pair.privateKey);
  }

  get tokenEndpoint(): string {
    return `${this.issuer}${TOKEN_PATH}`;
  }

  get idpClientId(): string {
    return this.options.idpClientId;
  }

  /** Whether this provider issued `value` as an ID-JAG. */
  hasIssued(value: string): boolean {
    return this.issued.has(value);
  }

  /** The user's ID token (OpenID Connect), minted on first use once the issuer is known. */
  idToken(): string {
    const now = Math.floor(Date.now() / 1000);
    this.idTokenValue ??= signEs256(
      { typ: 'JWT' },
      { iss: this.issuer, sub: USER, aud: this.options.idpClientId, iat: now, exp: now + 3600, email: `${USER}@example.com` },
      this.privateKey,
    );
    return this.idTokenValue;
  }

  /** Answers `req` if it is one of the identity provider's paths; false otherwise. */
  async handle(req: IncomingMessage, res: ServerResponse, url: URL, record: AuthRequestRecord): Promise<boolean> {
    if (METADATA_PATHS.includes(url.pathname) && req.method === 'GET') {
      record.outcome = 'served the identity provider metadata';
      sendJson(res, 200, {
        issuer: this.issuer,
        authorization_endpoint: `${this.issuer}/authorize`,
        token_endpoint: this.tokenEndpoint,
        jwks_uri: `${this.issuer}${JWKS_PATH}`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', TOKEN_EXCHANGE_GRANT],
        token_endpoint_auth_methods_supported: ['none'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['ES256'],
      });
      return true;
    }
    if (url.pathname === JWKS_PATH && req.method === 'GET') {
      record.outcome = 'served the JSON Web Key Set';
      sendJson(res, 200, { keys: [{ ...this.publicKey.export({ format: 'jwk' }), use: 'sig', alg: 'ES256' }] });
      return true;
    }
    if (url.pathname === TOKEN_PATH && req.method === 'POST') {
      record.body = await readSmallBody(req);
      this.exchange(res, record);
      return true;
    }
    return false;
  }

  /** RFC 8693 token exchange: an ID-JAG for a request the provider can honour, an OAuth error otherwise. */
  private exchange(res: ServerResponse, record: AuthRequestRecord): void {
    const body = record.body ?? {};
    const fail = (status: number, error: string, description: string) => {
      record.outcome = `refused the token exchange: ${description}`;
      sendJson(res, status, { error, error_description: description });
    };
    if (body.grant_type !== TOKEN_EXCHANGE_GRANT)
      return fail(400, 'unsupported_grant_type', `grant_type ${body.grant_type ?? '(absent)'}: this identity provider only exchanges tokens here`);
    // The client is a public client of the provider: its client_id names it (section 4.1 checks it against the ID token's aud).
    if (body.client_id !== this.options.idpClientId)
      return fail(401, 'invalid_client', `client_id ${body.client_id ?? '(absent)'} is not a client of this identity provider`);
    if (body.requested_token_type !== ID_JAG_TOKEN_TYPE)
      return fail(400, 'invalid_request', `requested_token_type ${body.requested_token_type ?? '(absent)'}: this provider issues only ${ID_JAG_TOKEN_TYPE}`);
    if (body.subject_token_type !== ID_TOKEN_TYPE)
      return fail(
        400,
        'invalid_request',
        `subject_token_type ${body.subject_token_type ?? '(absent)'}: the subject token must be an ID token (${ID_TOKEN_TYPE})`,
      );
    const subject = verifiedJwt(body.subject_token, this.publicKey);
    if ('problem' in subject) return fail(400, 'invalid_grant', `the subject_token is not an ID token of this provider: ${subject.problem}`);
    if (subject.claims.aud !== this.options.idpClientId) return fail(400, 'invalid_grant', 'the ID token was issued to another client');
    const { audience, resource } = this.options.target();
    if (!sameIssuer(body.audience, audience))
      return fail(
        400,
        'invalid_target',
        `audience ${body.audience ?? '(absent)'} is not the issuer of an authorization server this provider knows (${audience})`,
      );
    if (body.resource === undefined || !resourceMatches(body.resource, resource))
      return fail(400, 'invalid_target', `resource ${body.resource ?? '(absent)'} is not an MCP server this provider knows (${resource})`);
    const now = Math.floor(Date.now() / 1000);
    const grant = signEs256(
      { typ: ID_JAG_TYP },
      {
        jti: jwtId(),
        iss: this.issuer,
        sub: subject.claims.sub,
        aud: body.audience,
        resource: body.resource,
        client_id: this.options.mcpClientId,
        iat: now,
        exp: now + ID_JAG_LIFETIME,
        ...(body.scope !== undefined ? { scope: body.scope } : {}),
      },
      this.privateKey,
    );
    this.issued.add(grant);
    record.outcome = 'issued an ID-JAG';
    sendJson(res, 200, {
      issued_token_type: ID_JAG_TOKEN_TYPE,
      access_token: grant,
      token_type: 'N_A',
      expires_in: ID_JAG_LIFETIME,
      ...(body.scope !== undefined ? { scope: body.scope } : {}),
    });
  }
}
