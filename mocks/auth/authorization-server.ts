// A mock OAuth 2.1 authorization server for testing MCP clients: discovery metadata (RFC 8414 or
// OpenID Connect Discovery), dynamic client registration (RFC 7591), an /authorize endpoint that
// approves at once and redirects with a code (no user, no browser), and a /token endpoint that
// verifies PKCE and the client's authentication before issuing a bearer token. The setup's knobs add
// a pre-registered client, turn registration off, narrow the token endpoint's client authentication
// methods, accept Client ID Metadata Document URLs as client ids, and vary the `iss` of the
// authorization response and the `issuer` of the metadata. It records nothing itself: the server
// that mounts it (serveAuthorization) records every request. The issuer is the origin it is mounted
// on, so the same handler serves as a separate authorization server or, for 2025-03-26 clients, on
// the MCP server's own origin. For testing MCP servers it also mints signed access tokens on request
// (any audience, scope or lifetime), publishes their keys at /jwks and answers token introspection
// (RFC 7662), so a protected server under test can trust it. With `clientCredentials` it serves the
// OAuth Client Credentials extension: a machine client authenticated by a secret or a JWT assertion
// (client-assertion.ts) gets a token for `grant_type=client_credentials`. With `enterpriseManaged` it
// serves the Enterprise-Managed Authorization extension: the known client gets a token for the JWT
// bearer grant (RFC 7523) when its assertion is a valid ID-JAG of the trusted identity provider
// (identity-provider.ts, id-jag.ts).
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CLIENT_ASSERTION_ALG, clientAssertionProblem, generateClientKey, JWT_BEARER_ASSERTION_TYPE, type ClientKey } from './client-assertion.js';
import { readSmallBody, sendJson } from './http-util.js';
import { idJagProblem, JWT_BEARER_GRANT } from './id-jag.js';
import type { MockIdentityProvider } from './identity-provider.js';
import { pkceMismatch } from './pkce.js';
import { issAdvertisedOf, issParameterOf } from './iss-parameter.js';
import { TokenSigner, type AccessTokenClaims } from './signed-tokens.js';
import type { AuthRequestRecord, AuthSetup, TokenEndpointAuthMethod } from './types.js';

const AUTH_PATHS = { authorize: '/authorize', token: '/token', register: '/register' } as const;
/** Where the keys of minted tokens and token introspection are served. */
const TOKEN_CHECK_PATHS = { jwks: '/jwks', introspect: '/introspect' } as const;
const OAUTH_METADATA = '/.well-known/oauth-authorization-server';
const OPENID_METADATA = '/.well-known/openid-configuration';
const AUTH_METHODS: TokenEndpointAuthMethod[] = ['none', 'client_secret_basic', 'client_secret_post'];
/** The issuer a metadata document names under `metadataIssuer: other`: never this server. */
const FOREIGN_ISSUER = 'https://other-issuer.example';

interface RegisteredClient {
  secret?: string;
  /** Undefined: any loopback redirect URI (a Client ID Metadata Document client, whose document is not fetched). */
  redirectUris: string[] | undefined;
}

/** A Client ID Metadata Document client id: an https URL with a path (basic/authorization, "Client ID Metadata Documents"). */
export function isMetadataDocumentUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.pathname !== '/' && url.pathname !== '';
  } catch {
    return false;
  }
}

/** How a token request authenticated the client: an HTTP Basic header, a secret in the body, or neither. */
export function tokenAuthMethodOf(record: Pick<AuthRequestRecord, 'headers' | 'body'>): TokenEndpointAuthMethod {
  if (/^Basic\s/i.test(record.headers.authorization ?? '')) return 'client_secret_basic';
  if (record.body?.client_assertion !== undefined || record.body?.client_assertion_type !== undefined) return 'private_key_jwt';
  return record.body?.client_secret !== undefined ? 'client_secret_post' : 'none';
}

interface PendingCode {
  clientId: string;
  redirectUri: string | undefined;
  challenge: string | undefined;
  method: string | undefined;
  scope: string | undefined;
  resource: string | undefined;
}

export interface IssuedToken {
  clientId: string;
  scope: string | undefined;
  resource: string | undefined;
  /** Seconds since the epoch; absent for tokens issued at /token (valid for the run). */
  expiresAt?: number;
}

const token = (prefix: string) => `${prefix}-${randomBytes(18).toString('base64url')}`;

/** The mock authorization server behind `serveAuthorization`: metadata, registration, authorize and token endpoints, with the tokens it issued. */
export class MockAuthorizationServer {
  /** Access tokens issued so far. */
  readonly tokens = new Map<string, IssuedToken>();
  private readonly clients = new Map<string, RegisteredClient>();
  private readonly codes = new Map<string, PendingCode>();
  private readonly refreshTokens = new Map<string, IssuedToken>();
  /** Created on first use: generating the RSA key costs tens of milliseconds. */
  private signerInstance: TokenSigner | undefined;
  /** The signing key of a `clientCredentials.privateKeyJwt` client. */
  private readonly clientKey: ClientKey | undefined;
  /** What was wrong with each client assertion received (undefined: valid), judged when it arrived. */
  private readonly assertionChecks = new Map<string, string | undefined>();
  /** What was wrong with each ID-JAG presented in a JWT bearer grant (undefined: accepted), judged when it arrived. */
  private readonly idJagChecks = new Map<string, string | undefined>();
  /** The identity provider whose ID-JAGs this server accepts, and the MCP endpoint they must name (enterprise-managed setups). */
  private trusted: { idp: MockIdentityProvider; resource: () => string } | undefined;

  constructor(
    private readonly setup: AuthSetup,
    /** The origin it is served on, e.g. http://127.0.0.1:4000 (set once listening). */
    public issuer = '',
  ) {
    const pre = setup.preRegistered;
    if (pre) this.clients.set(pre.clientId, { redirectUris: undefined, ...(pre.clientSecret !== undefined ? { secret: pre.clientSecret } : {}) });
    const machine = setup.clientCredentials;
    // No redirect URI: a machine client has no business at the authorization endpoint.
    if (machine) this.clients.set(machine.clientId, { redirectUris: [], ...(machine.clientSecret !== undefined ? { secret: machine.clientSecret } : {}) });
    this.clientKey = machine?.privateKeyJwt ? generateClientKey() : undefined;
    const enterprise = setup.enterpriseManaged;
    // No redirect URI either: this client gets its tokens with the JWT bearer grant only.
    if (enterprise) this.clients.set(enterprise.clientId, { redirectUris: [], secret: enterprise.clientSecret });
  }

  /** Accept ID-JAGs issued by `idp` that name the MCP endpoint `resource()` (Enterprise-Managed Authorization). */
  trustIdentityProvider(idp: MockIdentityProvider, resource: () => string): void {
    this.trusted = { idp, resource };
  }

  /** Why an ID-JAG presented to this server was refused when it arrived (undefined: accepted or never presented). */
  idJagProblem(assertion: string | undefined): string | undefined {
    return assertion === undefined ? 'no assertion' : this.idJagChecks.get(assertion);
  }

  private get authMethods(): TokenEndpointAuthMethod[] {
    const machine = this.setup.clientCredentials;
    const machineDefault: TokenEndpointAuthMethod[] | undefined = machine
      ? machine.privateKeyJwt
        ? ['private_key_jwt']
        : ['client_secret_basic', 'client_secret_post']
      : this.setup.enterpriseManaged
        ? ['client_secret_basic', 'client_secret_post']
        : undefined;
    return this.setup.tokenEndpointAuthMethods ?? machineDefault ?? AUTH_METHODS;
  }

  /**
   * What the client under test is configured with, as JSON for MCP_CONFORM_AUTH_CONTEXT: a
   * pre-registered client's id, secret and the issuer they belong to, or a machine client's id, `grant_type`, the issuer its
   * credentials belong to and its secret or private key (PKCS#8 PEM) and signing algorithm.
   */
  clientContext(): Record<string, string> | undefined {
    const enterprise = this.setup.enterpriseManaged;
    if (enterprise && this.trusted) {
      const idp = this.trusted.idp;
      return {
        grant_type: JWT_BEARER_GRANT,
        client_id: enterprise.clientId,
        client_secret: enterprise.clientSecret,
        issuer: this.issuer,
        idp_issuer: idp.issuer,
        idp_token_endpoint: idp.tokenEndpoint,
        idp_client_id: idp.idpClientId,
        id_token: idp.idToken(),
      };
    }
    const machine = this.setup.clientCredentials;
    if (machine) {
      return {
        grant_type: 'client_credentials',
        client_id: machine.clientId,
        issuer: this.issuer,
        ...(machine.clientSecret !== undefined ? { client_secret: machine.clientSecret } : {}),
        ...(this.clientKey ? { private_key: this.clientKey.privateKeyPem, algorithm: CLIENT_ASSERTION_ALG } : {}),
      };
    }
    const pre = this.setup.preRegistered;
    if (!pre) return undefined;
    // The issuer too, as a user's configuration would name it: pre-registered credentials belong to
    // one authorization server (client-registration, "Authorization Server Binding").
    return { client_id: pre.clientId, ...(pre.clientSecret !== undefined ? { client_secret: pre.clientSecret } : {}), issuer: this.issuer };
  }

  /** Why a client assertion this server received was not valid when it arrived (undefined: valid); checked now if it never arrived. */
  assertionProblem(assertion: string | undefined): string | undefined {
    if (assertion !== undefined && this.assertionChecks.has(assertion)) return this.assertionChecks.get(assertion);
    return this.checkAssertion(assertion);
  }

  private checkAssertion(assertion: string | undefined): string | undefined {
    const machine = this.setup.clientCredentials;
    if (!machine || !this.clientKey) return 'this authorization server knows no client that authenticates with a JWT assertion';
    return clientAssertionProblem(assertion, {
      clientId: machine.clientId,
      audiences: [this.issuer, `${this.issuer}${AUTH_PATHS.token}`],
      publicKey: this.clientKey.publicKey,
    });
  }

  /** The `iss` the authorization response carries, or undefined for none. */
  private issParameter(): string | undefined {
    switch (issParameterOf(this.setup)) {
      case 'exact':
        return this.issuer;
      case 'absent':
        return undefined;
      case 'wrong':
        return FOREIGN_ISSUER;
      case 'trailing-slash':
        return `${this.issuer}/`;
    }
  }

  /** The discovery document this setup serves, at its well-known path; undefined for `defaults`. */
  metadataPath(): string | undefined {
    if (this.setup.serverMetadata === 'defaults') return undefined;
    return this.setup.serverMetadata === 'openid' ? OPENID_METADATA : OAUTH_METADATA;
  }

  metadata(): Record<string, unknown> {
    const base = {
      issuer: this.setup.metadataIssuer === 'other' ? FOREIGN_ISSUER : this.issuer,
      authorization_endpoint: `${this.issuer}${AUTH_PATHS.authorize}`,
      token_endpoint: `${this.issuer}${AUTH_PATHS.token}`,
      ...(this.registrationOpen ? { registration_endpoint: `${this.issuer}${AUTH_PATHS.register}` } : {}),
      response_types_supported: ['code'],
      grant_types_supported: this.setup.clientCredentials
        ? ['client_credentials']
        : this.setup.enterpriseManaged
          ? [JWT_BEARER_GRANT]
          : ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: this.authMethods,
      ...(this.authMethods.includes('private_key_jwt') ? { token_endpoint_auth_signing_alg_values_supported: [CLIENT_ASSERTION_ALG] } : {}),
      ...(issAdvertisedOf(this.setup) ? { authorization_response_iss_parameter_supported: true } : {}),
      ...(this.setup.clientIdMetadataDocument ? { client_id_metadata_document_supported: true } : {}),
      ...(this.setup.serverScopesSupported ? { scopes_supported: this.setup.serverScopesSupported } : {}),
      jwks_uri: `${this.issuer}${TOKEN_CHECK_PATHS.jwks}`,
      introspection_endpoint: `${this.issuer}${TOKEN_CHECK_PATHS.introspect}`,
    };
    return this.setup.serverMetadata === 'openid' ? { ...base, subject_types_supported: ['public'], id_token_signing_alg_values_supported: ['RS256'] } : base;
  }

  /** Answers `req` if it is one of the authorization server's paths; false otherwise. */
  async handle(req: IncomingMessage, res: ServerResponse, url: URL, record: AuthRequestRecord): Promise<boolean> {
    const path = url.pathname;
    if (path === this.metadataPath() && req.method === 'GET') {
      record.outcome = 'served the authorization server metadata';
      sendJson(res, 200, this.metadata());
      return true;
    }
    if (path === AUTH_PATHS.register && req.method === 'POST' && this.registrationOpen) {
      record.body = await readSmallBody(req);
      this.register(res, record);
      return true;
    }
    if (path === AUTH_PATHS.authorize && req.method === 'GET') {
      this.authorize(res, record);
      return true;
    }
    if (path === AUTH_PATHS.token && req.method === 'POST') {
      record.body = await readSmallBody(req);
      this.token(res, record);
      return true;
    }
    if (path === TOKEN_CHECK_PATHS.jwks && req.method === 'GET') {
      record.outcome = 'served the JSON Web Key Set';
      sendJson(res, 200, this.signer().jwks());
      return true;
    }
    if (path === TOKEN_CHECK_PATHS.introspect && req.method === 'POST') {
      record.body = await readSmallBody(req);
      this.introspect(res, record);
      return true;
    }
    return false;
  }

  /** Whether this server registered (or was pre-configured with) this client id; Client ID Metadata Document URLs are not registrations. */
  hasRegistered(clientId: string): boolean {
    return this.clients.has(clientId);
  }

  /** Dynamic registration is offered unless the setup turns it off; a client credentials setup has none (its client is known out of band). */
  private get registrationOpen(): boolean {
    return this.setup.registration !== false && this.setup.clientCredentials === undefined && this.setup.enterpriseManaged === undefined;
  }

  isValidToken(value: string): boolean {
    const issued = this.tokens.get(value);
    return issued !== undefined && (issued.expiresAt === undefined || issued.expiresAt > Date.now() / 1000);
  }

  /**
   * Issues a signed access token directly (no client, no grant): how a test runner gets tokens
   * for the audience, scope and lifetime it wants to present to a protected MCP server.
   */
  mint(claims: Omit<AccessTokenClaims, 'issuer' | 'clientId'> & { clientId?: string }): string {
    const clientId = claims.clientId ?? 'mcp-conform-runner';
    const { token: value, payload } = this.signer().sign({ ...claims, clientId, issuer: this.issuer });
    this.tokens.set(value, { clientId, scope: claims.scope, resource: claims.audience, expiresAt: payload.exp as number });
    return value;
  }

  private signer(): TokenSigner {
    this.signerInstance ??= new TokenSigner();
    return this.signerInstance;
  }

  /** RFC 7662: active with the token's claims, or just `active: false`. Callers are not authenticated: a test double. */
  private introspect(res: ServerResponse, record: AuthRequestRecord): void {
    const value = record.body?.token;
    const issued = value === undefined ? undefined : this.tokens.get(value);
    if (value === undefined || issued === undefined || !this.isValidToken(value)) {
      record.outcome = 'introspection: inactive token';
      return sendJson(res, 200, { active: false });
    }
    record.outcome = 'introspection: active token';
    sendJson(res, 200, {
      active: true,
      client_id: issued.clientId,
      token_type: 'Bearer',
      iss: this.issuer,
      ...(issued.scope !== undefined ? { scope: issued.scope } : {}),
      ...(issued.resource !== undefined ? { aud: issued.resource } : {}),
      ...(issued.expiresAt !== undefined ? { exp: issued.expiresAt } : {}),
    });
  }

  private register(res: ServerResponse, record: AuthRequestRecord): void {
    const body = record.body ?? {};
    let redirectUris: unknown;
    try {
      redirectUris = JSON.parse(body.redirect_uris ?? 'null');
    } catch {
      redirectUris = undefined;
    }
    if (!Array.isArray(redirectUris) || redirectUris.length === 0 || !redirectUris.every((u) => typeof u === 'string')) {
      record.outcome = 'refused the registration: no redirect_uris';
      return sendJson(res, 400, { error: 'invalid_redirect_uri', error_description: 'redirect_uris must be a non-empty array of URLs' });
    }
    const requested = body.token_endpoint_auth_method ?? 'client_secret_basic';
    if (!AUTH_METHODS.includes(requested as TokenEndpointAuthMethod)) {
      record.outcome = `refused the registration: token_endpoint_auth_method ${requested}`;
      return sendJson(res, 400, {
        error: 'invalid_client_metadata',
        error_description: `token_endpoint_auth_method must be one of ${AUTH_METHODS.join(', ')}`,
      });
    }
    // A method the token endpoint does not take is replaced by one it does (RFC 7591 lets the server
    // replace requested metadata); the client learns it from the answer and must use it.
    const method = this.authMethods.includes(requested as TokenEndpointAuthMethod) ? (requested as TokenEndpointAuthMethod) : this.authMethods[0]!;
    const clientId = token('client');
    const secret = method === 'none' ? undefined : token('secret');
    this.clients.set(clientId, { redirectUris: redirectUris as string[], ...(secret ? { secret } : {}) });
    record.outcome = `registered client ${clientId}`;
    let metadata: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(body)) {
      try {
        metadata[k] = JSON.parse(v);
      } catch {
        metadata[k] = v;
      }
    }
    metadata = { ...metadata, client_id: clientId, client_id_issued_at: Math.floor(Date.now() / 1000), token_endpoint_auth_method: method };
    if (secret) Object.assign(metadata, { client_secret: secret, client_secret_expires_at: 0 });
    sendJson(res, 201, metadata);
  }

  /** Approves at once: the redirect carries a code, the state and the issuer (RFC 9207). */
  private authorize(res: ServerResponse, record: AuthRequestRecord): void {
    const q = record.query;
    const client = q.client_id === undefined ? undefined : this.clientFor(q.client_id);
    const redirectUri = q.redirect_uri ?? (client?.redirectUris?.length === 1 ? client.redirectUris[0] : undefined);
    if (client && (q.client_id === this.setup.clientCredentials?.clientId || q.client_id === this.setup.enterpriseManaged?.clientId)) {
      const grant = q.client_id === this.setup.clientCredentials?.clientId ? 'the client credentials grant' : 'the JWT bearer grant (an ID-JAG)';
      record.outcome = `refused the authorization request: this client is known for ${grant} only`;
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end(`this client is known for ${grant} only`);
      return;
    }
    if (!client || redirectUri === undefined || !(client.redirectUris?.includes(redirectUri) ?? isLoopback(redirectUri))) {
      record.outcome = `refused the authorization request: ${client ? 'unregistered redirect_uri' : 'unknown client_id'}`;
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end(client ? 'redirect_uri is not one registered for this client' : 'unknown client_id');
      return;
    }
    const target = new URL(redirectUri);
    if (q.response_type !== 'code') {
      target.searchParams.set('error', 'unsupported_response_type');
    } else {
      const code = token('code');
      this.codes.set(code, {
        clientId: q.client_id!,
        redirectUri: q.redirect_uri,
        challenge: q.code_challenge,
        method: q.code_challenge_method,
        scope: q.scope,
        resource: q.resource,
      });
      target.searchParams.set('code', code);
    }
    if (q.state !== undefined) target.searchParams.set('state', q.state);
    const iss = this.issParameter();
    if (iss !== undefined) target.searchParams.set('iss', iss);
    record.outcome = `approved: redirect to ${target.origin}${target.pathname}`;
    res.writeHead(302, { location: target.href });
    res.end();
  }

  private token(res: ServerResponse, record: AuthRequestRecord): void {
    const body = record.body ?? {};
    const fail = (status: number, error: string, description: string) => {
      record.outcome = `refused the token request: ${description}`;
      sendJson(res, status, { error, error_description: description });
    };
    const clientId = this.authenticate(record);
    if (typeof clientId !== 'string') return fail(401, 'invalid_client', clientId.reason);
    let issued: IssuedToken;
    if (body.grant_type === 'authorization_code') {
      const pending = body.code === undefined ? undefined : this.codes.get(body.code);
      if (!pending || pending.clientId !== clientId) return fail(400, 'invalid_grant', 'unknown or used authorization code');
      this.codes.delete(body.code!);
      if (pending.redirectUri !== undefined && body.redirect_uri !== pending.redirectUri)
        return fail(400, 'invalid_grant', 'redirect_uri differs from the authorization request');
      const mismatch = pkceMismatch(pending.challenge, pending.method, body.code_verifier);
      if (mismatch) return fail(400, 'invalid_grant', mismatch);
      issued = { clientId, scope: pending.scope, resource: body.resource ?? pending.resource };
    } else if (body.grant_type === 'refresh_token') {
      const previous = body.refresh_token === undefined ? undefined : this.refreshTokens.get(body.refresh_token);
      if (!previous || previous.clientId !== clientId) return fail(400, 'invalid_grant', 'unknown refresh token');
      this.refreshTokens.delete(body.refresh_token!);
      issued = { ...previous, resource: body.resource ?? previous.resource };
    } else if (body.grant_type === 'client_credentials' && this.setup.clientCredentials) {
      if (clientId !== this.setup.clientCredentials.clientId) return fail(400, 'unauthorized_client', 'this client may not use the client credentials grant');
      issued = { clientId, scope: body.scope, resource: body.resource };
    } else if (body.grant_type === JWT_BEARER_GRANT && this.setup.enterpriseManaged && this.trusted) {
      const { idp, resource } = this.trusted;
      const problem = idJagProblem(body.assertion, { publicKey: idp.publicKey, idpIssuer: idp.issuer, audience: this.issuer, clientId, resource: resource() });
      if (body.assertion !== undefined) this.idJagChecks.set(body.assertion, problem);
      if (problem !== undefined) return fail(400, 'invalid_grant', problem);
      issued = { clientId, scope: body.scope, resource: body.resource ?? resource() };
    } else {
      return fail(400, 'unsupported_grant_type', `grant_type ${body.grant_type ?? '(absent)'} is not supported`);
    }
    const access = token('access');
    this.tokens.set(access, issued);
    // A setup without refresh tokens shows whether the client assumes it will always get one; the
    // client credentials grant issues none (RFC 6749 section 4.4.3: the client can simply ask again).
    // Nor does the JWT bearer grant (RFC 7523 section 3.1: a new assertion gets a new token).
    const refresh =
      this.setup.refreshTokens === false || body.grant_type === 'client_credentials' || body.grant_type === JWT_BEARER_GRANT ? undefined : token('refresh');
    if (refresh !== undefined) this.refreshTokens.set(refresh, issued);
    record.outcome = `issued access token ${access}${refresh === undefined ? ' (no refresh token)' : ''}`;
    sendJson(res, 200, {
      access_token: access,
      token_type: 'Bearer',
      expires_in: 3600,
      ...(refresh !== undefined ? { refresh_token: refresh } : {}),
      ...(issued.scope !== undefined ? { scope: issued.scope } : {}),
    });
  }

  /** The authenticated client id (client_secret_basic, client_secret_post, private_key_jwt or none), or why not. */
  private authenticate(record: AuthRequestRecord): string | { reason: string } {
    if (tokenAuthMethodOf(record) === 'private_key_jwt') return this.authenticateAssertion(record);
    const basic = /^Basic\s+(.+)$/i.exec(record.headers.authorization ?? '');
    let id = record.body?.client_id;
    let secret = record.body?.client_secret;
    if (basic) {
      const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      id = decodeURIComponent(decoded.slice(0, colon));
      secret = decodeURIComponent(decoded.slice(colon + 1));
    }
    const client = id === undefined ? undefined : this.clientFor(id);
    if (!client) return { reason: 'unknown client_id' };
    const method = tokenAuthMethodOf(record);
    if (!this.authMethods.includes(method))
      return { reason: `the client authenticated with ${method}, which the token endpoint does not support (${this.authMethods.join(', ')})` };
    if (client.secret !== undefined && secret !== client.secret) return { reason: 'the client secret is missing or wrong' };
    return id!;
  }

  /** RFC 7523 section 2.2: the assertion type, then the assertion itself, which names the client in `sub`. */
  private authenticateAssertion(record: AuthRequestRecord): string | { reason: string } {
    if (!this.authMethods.includes('private_key_jwt'))
      return { reason: `the client authenticated with private_key_jwt, which the token endpoint does not support (${this.authMethods.join(', ')})` };
    const body = record.body ?? {};
    if (body.client_assertion_type !== JWT_BEARER_ASSERTION_TYPE)
      return { reason: `client_assertion_type is ${body.client_assertion_type ?? '(absent)'}, not ${JWT_BEARER_ASSERTION_TYPE}` };
    const problem = this.checkAssertion(body.client_assertion);
    if (body.client_assertion !== undefined) this.assertionChecks.set(body.client_assertion, problem);
    if (problem !== undefined) return { reason: problem };
    return this.setup.clientCredentials!.clientId;
  }

  /** A known client, or (with Client ID Metadata Documents on) a public client named by its document URL. */
  private clientFor(id: string): RegisteredClient | undefined {
    const known = this.clients.get(id);
    if (known) return known;
    return this.setup.clientIdMetadataDocument && isMetadataDocumentUrl(id) ? { redirectUris: undefined } : undefined;
  }
}

function isLoopback(uri: string): boolean {
  try {
    const host = new URL(uri).hostname;
    return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
  } catch {
    return false;
  }
}
