// An OAuthClientProvider (the SDKs' interface, 1.x and 2.x alike) for example clients that run
// without a browser or a user: client information, tokens and the PKCE verifier are kept in memory,
// and the user's approval is replaced by fetching the authorization URL and reading the code (and
// the rest of the callback's parameters) from the redirect's Location. Credentials of a
// pre-registered client come from MCP_CONFORM_AUTH_CONTEXT (JSON: client_id, client_secret, issuer), as a
// user would configure them; the client also names a Client ID Metadata Document URL, which the SDKs
// use when the authorization server supports such documents.
// A context with grant_type client_credentials configures a machine client instead (the OAuth Client
// Credentials extension): machineClientProvider builds the SDK's own provider for it. A context with
// grant_type urn:ietf:params:oauth:grant-type:jwt-bearer configures an enterprise-managed client (the
// Enterprise-Managed Authorization extension: the user's ID token from single sign-on, the identity
// provider's token endpoint and the client's ids): enterpriseClientProvider builds the SDK's.
const preRegistered = process.env.MCP_CONFORM_AUTH_CONTEXT ? JSON.parse(process.env.MCP_CONFORM_AUTH_CONTEXT) : undefined;

/**
 * The client capabilities' `extensions` of a machine client: the extension's guide asks a client
 * using it to declare it (the SDK providers do not add it themselves); undefined otherwise.
 */
export const machineClientExtensions =
  preRegistered?.grant_type === 'client_credentials' ? { 'io.modelcontextprotocol/oauth-client-credentials': {} } : undefined;

/**
 * The SDK's client credentials provider for a machine client configured in MCP_CONFORM_AUTH_CONTEXT
 * (a secret: ClientCredentialsProvider; a private key: PrivateKeyJwtProvider), or undefined when the
 * context configures none. The SDK classes are passed in: 1.x and 2.x export them from different places.
 */
export function machineClientProvider({ ClientCredentialsProvider, PrivateKeyJwtProvider }) {
  if (preRegistered?.grant_type !== 'client_credentials') return undefined;
  const common = { clientId: preRegistered.client_id, expectedIssuer: preRegistered.issuer };
  return preRegistered.private_key
    ? new PrivateKeyJwtProvider({ ...common, privateKey: preRegistered.private_key, algorithm: preRegistered.algorithm })
    : new ClientCredentialsProvider({ ...common, clientSecret: preRegistered.client_secret });
}

/**
 * The SDK's cross-app access provider for an enterprise-managed client configured in
 * MCP_CONFORM_AUTH_CONTEXT, or undefined when the context configures none: when the SDK meets the
 * 401 it discovers the MCP server's resource and authorization server, the callback exchanges the
 * ID token at the identity provider for an ID-JAG (the SDK's requestJwtAuthorizationGrant), and the
 * provider presents it with the JWT bearer grant. The SDK pieces are passed in (SDK 2.x only).
 */
export function enterpriseClientProvider({ CrossAppAccessProvider, requestJwtAuthorizationGrant }) {
  if (preRegistered?.grant_type !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return undefined;
  return new CrossAppAccessProvider({
    clientId: preRegistered.client_id,
    clientSecret: preRegistered.client_secret,
    expectedIssuer: preRegistered.issuer,
    assertion: async (context) =>
      (
        await requestJwtAuthorizationGrant({
          tokenEndpoint: preRegistered.idp_token_endpoint,
          audience: context.authorizationServerUrl,
          resource: context.resourceUrl,
          idToken: preRegistered.id_token,
          clientId: preRegistered.idp_client_id,
          ...(context.scope ? { scope: context.scope } : {}),
          fetchFn: context.fetchFn,
        })
      ).jwtAuthGrant,
  });
}

export class HeadlessOAuthProvider {
  code = undefined;
  /** The query of the redirect back to the client (code, state, iss). */
  callback = undefined;
  // Pre-registered credentials carry the issuer they belong to, as both SDKs' providers are asked
  // to: the SDK then never presents them to another authorization server.
  #client = preRegistered?.client_id
    ? {
        client_id: preRegistered.client_id,
        ...(preRegistered.client_secret ? { client_secret: preRegistered.client_secret } : {}),
        ...(preRegistered.issuer ? { issuer: preRegistered.issuer } : {}),
      }
    : undefined;
  #tokens = undefined;
  #verifier = undefined;
  // Never listened on: the redirect is read from the authorization server's answer, not followed.
  get redirectUrl() {
    return 'http://127.0.0.1:9/callback';
  }
  // Where a published client would host its metadata document; the mock authorization server does not fetch it.
  get clientMetadataUrl() {
    return 'https://sdk-example-client.example/oauth/client-metadata.json';
  }
  get clientMetadata() {
    return {
      client_name: 'sdk-example-client',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.#client;
  }
  saveClientInformation(info) {
    this.#client = info;
  }
  tokens() {
    return this.#tokens;
  }
  saveTokens(tokens) {
    this.#tokens = tokens;
  }
  saveCodeVerifier(verifier) {
    this.#verifier = verifier;
  }
  codeVerifier() {
    return this.#verifier;
  }
  async redirectToAuthorization(url) {
    const answer = await fetch(url, { redirect: 'manual' });
    const location = answer.headers.get('location');
    await answer.body?.cancel();
    this.callback = location ? new URL(location).searchParams : undefined;
    this.code = this.callback?.get('code') ?? undefined;
    if (!this.code) throw new Error(`the authorization server did not redirect with a code (HTTP ${answer.status})`);
  }
}

/**
 * Connects `client` over the transport `makeTransport(provider)` builds. A 401 makes the SDK run the
 * OAuth flow through the provider and throw `UnauthorizedError`; the code is then exchanged and the
 * client connects again with its token. `finishAuthWith` picks what the SDK's `finishAuth` takes
 * (1.x: the code; 2.x: the callback's parameters).
 */
export async function connectWithOAuth(client, makeTransport, UnauthorizedError, finishAuthWith, machineProvider) {
  if (machineProvider) {
    // No user, no redirect: the SDK asks the token endpoint itself when it meets the 401.
    await client.connect(makeTransport(machineProvider));
    return (operation) => operation();
  }
  const provider = new HeadlessOAuthProvider();
  let transport = makeTransport(provider);
  try {
    await client.connect(transport);
  } catch (err) {
    const result = finishAuthWith(provider);
    if (!(err instanceof UnauthorizedError) || result === undefined) throw err;
    await transport.finishAuth(result);
    provider.code = provider.callback = undefined;
    transport = makeTransport(provider);
    await client.connect(transport);
  }
  /**
   * Runs `operation`; when a 403 insufficient_scope made the SDK start a new authorization (step-up,
   * it throws UnauthorizedError), exchanges the new code and runs it again, twice at most.
   */
  return async function withStepUp(operation) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await operation();
      } catch (err) {
        const result = finishAuthWith(provider);
        if (!(err instanceof UnauthorizedError) || result === undefined || attempt >= 2) throw err;
        await transport.finishAuth(result);
        provider.code = provider.callback = undefined;
      }
    }
  };
}
