// What a mock authorization setup looks like (mocks/auth): how the protected MCP endpoint points
// clients at its metadata, which scopes it advertises, and what the authorization server serves.
// Scenarios declare one of these (`auth:` in a client scenario); code passes it to serveAuthorization.

export interface AuthSetup {
  /**
   * How the client can find the protected resource metadata (RFC 9728):
   * `header` (default): the 401 names it in `WWW-Authenticate: Bearer resource_metadata="…"`, and
   * it is also at the path-inserted well-known URI; `path`: no `resource_metadata` in the header, the
   * document only at `/.well-known/oauth-protected-resource/<endpoint path>`; `root`: no
   * `resource_metadata`, the document only at `/.well-known/oauth-protected-resource`; `none`
   * (2025-03-26 style): no protected resource metadata at all, the authorization server's endpoints
   * live on the MCP server's own origin.
   */
  resourceMetadata?: 'header' | 'path' | 'root' | 'none';
  /** The `scope` parameter of the 401 challenge (absent: none). */
  challengeScope?: string;
  /** `scopes_supported` of the protected resource metadata (absent: not listed). */
  scopesSupported?: string[];
  /** Which discovery document the authorization server serves: RFC 8414 (`oauth`, default) or OpenID Connect Discovery (`openid`). With `none` above: `oauth` or `defaults` (no metadata at all; the default endpoint paths). */
  serverMetadata?: 'oauth' | 'openid' | 'defaults';
  /**
   * Runtime step-up: a request whose JSON-RPC method is listed, made with a token whose scope lacks
   * a word of `scope`, gets 403 with an `insufficient_scope` challenge naming `scope`. With `never`,
   * every such request gets the 403 whatever the token holds (for retry limits).
   */
  stepUp?: { methods: string[]; scope: string; never?: boolean };
  /** A client the authorization server knows before any registration; the runner hands it to the client under test. */
  preRegistered?: { clientId: string; clientSecret?: string };
  /** Whether the authorization server offers dynamic registration (default true; false: no `registration_endpoint`, /register answers 404). */
  registration?: boolean;
  /** `token_endpoint_auth_methods_supported` (default none, client_secret_basic, client_secret_post); the token endpoint accepts only these. */
  tokenEndpointAuthMethods?: TokenEndpointAuthMethod[];
  /** Advertise `client_id_metadata_document_supported` and accept https URL client ids (the document is not fetched: loopback only). */
  clientIdMetadataDocument?: boolean;
  /**
   * The `iss` of the authorization response (RFC 9207): `exact` (default, the issuer; `absent` by default when
   * `serverMetadata` is `defaults`, see iss-parameter.ts), `absent`, `wrong` (another origin), `trailing-slash`
   * (the issuer with a `/` appended: equal only after normalisation).
   */
  issParameter?: 'exact' | 'absent' | 'wrong' | 'trailing-slash';
  /** `authorization_response_iss_parameter_supported` in the metadata (default true). */
  issAdvertised?: boolean;
  /** Whether the token endpoint issues a refresh token with each access token (default true). */
  refreshTokens?: boolean;
  /**
   * How many requests to the MCP endpoint an access token is good for; the request after that gets
   * 401 with `error="invalid_token"` (the token expired), so the client needs a new one. Absent:
   * tokens last the whole run.
   */
  tokenUses?: number;
  /** `scopes_supported` of the authorization server metadata (absent: not listed). */
  serverScopesSupported?: string[];
  /** The `issuer` the metadata document names: `exact` (default: the URL it was discovered from) or `other` (a different issuer, which the client must not trust). */
  metadataIssuer?: 'exact' | 'other';
  /** The `resource` the protected resource metadata names: `exact` (default: the MCP endpoint) or `other` (another server's URL, RFC 9728 section 3.3 says not to use it). */
  metadataResource?: 'exact' | 'other';
  /**
   * Moves the MCP server to a second authorization server (its own loopback port and issuer) after
   * this many authorized requests to the MCP endpoint: from then on the protected resource metadata
   * names only the second issuer, and tokens of the first get 401 `invalid_token`. The second server
   * knows none of the clients registered at the first, nor its pre-registered client
   * (basic/authorization/client-registration, "Authorization Server Binding", 2026-07-28). With 0
   * the move happened before the client arrived: the metadata names the second issuer from the
   * first request on, while a pre-registered client still belongs to the first.
   */
  migrateAfter?: number;
  /**
   * The OAuth Client Credentials extension (machine to machine, no user): the authorization server
   * knows this client, issues tokens for `grant_type=client_credentials` and refuses it the
   * authorization endpoint. With `clientSecret` it authenticates with that secret (HTTP Basic or in
   * the body); with `privateKeyJwt` with a JWT assertion signed by a key the mock generates, whose
   * private half the runner hands to the client. Registration is off.
   */
  clientCredentials?: { clientId: string; clientSecret?: string; privateKeyJwt?: boolean };
  /**
   * The Enterprise-Managed Authorization extension (cross-app access): a mock enterprise identity
   * provider on its own loopback port, where the user has already signed in to the client (the
   * runner hands the client the provider's ID token). Its token endpoint exchanges that ID token
   * (RFC 8693) for an ID-JAG naming this MCP server; the authorization server knows the client
   * (`clientId`, `clientSecret`), issues tokens only for the JWT bearer grant (RFC 7523) with a valid
   * ID-JAG, and refuses it the authorization endpoint. `idpClientId` is the client's id at the
   * identity provider (default: `clientId` with `-idp` appended). Registration is off.
   */
  enterpriseManaged?: { clientId: string; clientSecret: string; idpClientId?: string };
}

export type TokenEndpointAuthMethod = 'none' | 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt';

/** One HTTP request the mock authorization layer saw (protected resource or authorization server). */
export interface AuthRequestRecord {
  /** Where it went: the protected MCP server (its endpoint or its metadata), the authorization server, or (enterprise-managed setups) the identity provider. */
  to: 'resource' | 'authorization-server' | 'identity-provider';
  /** For a request to an authorization server: its issuer (which one, when the setup has two). */
  issuer?: string;
  method: string;
  /** Path without the query string. */
  path: string;
  /** Query parameters (first value of each). */
  query: Record<string, string>;
  /** Header names in lower case (first value of each). */
  headers: Record<string, string>;
  /** A form-encoded or JSON body, flattened to strings (first value of each). */
  body?: Record<string, string>;
  /** The JSON-RPC method of an MCP request whose body the guard read (step-up setups only). */
  rpcMethod?: string;
  /** The status the mock answered with (0 until written). */
  readonly status: number;
  /** What the mock did with it, in a few words (for the transcript). */
  outcome?: string;
}

/** Notified of each request when it arrives and again once it is answered (status and outcome filled in). */
export type AuthRequestListener = (record: AuthRequestRecord, phase: 'arrived' | 'answered') => void;
