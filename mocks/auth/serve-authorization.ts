// Puts a running MCP endpoint behind OAuth for client tests: a protected resource on 127.0.0.1 that
// answers 401 with a `WWW-Authenticate: Bearer` challenge until a request carries a token the mock
// authorization server issued, serves its protected resource metadata (RFC 9728) where the setup
// says, and forwards authorized requests (SSE streams included) to the real endpoint. The mock
// authorization server runs on a second loopback port (its own issuer), or for the 2025-03-26 style
// (`resourceMetadata: none`) on the resource's own origin. Every request to either is recorded.
// With `stepUp`, a request of a listed JSON-RPC method whose token lacks the step-up scope gets 403
// `insufficient_scope` instead (basic/authorization, "Scope challenge handling"). With `tokenUses`,
// a token stops working after that many requests (401 `invalid_token`, as for an expired token).
// With `migrateAfter`, the MCP server moves to a second authorization server mid-run: its metadata
// then names the new issuer and the first one's tokens are refused (`migrateAfter: 0`: it has moved
// before the client arrives, so a client configured for the first server meets only the second). With `enterpriseManaged`, a mock
// enterprise identity provider runs on a third port and the authorization server accepts its ID-JAGs.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MockAuthorizationServer } from './authorization-server.js';
import { readRawBody, recordOf, sendJson } from './http-util.js';
import { MockIdentityProvider } from './identity-provider.js';
import type { AuthRequestListener, AuthRequestRecord, AuthSetup } from './types.js';

export const RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource';
/** Where the `header` setup serves its metadata (followed by the endpoint path). */
const HEADER_METADATA_PATH = '/oauth-resource-metadata';
/** The `resource` the metadata names under `metadataResource: other`: never this server. */
const FOREIGN_RESOURCE = 'https://other-resource.example/mcp';

export interface AuthorizationOptions {
  setup: AuthSetup;
  /** The MCP endpoint authorized requests are forwarded to, e.g. http://127.0.0.1:4000/mcp. */
  upstream: string;
  onRequest?: AuthRequestListener;
}

export interface AuthorizationHandle {
  /** The protected MCP endpoint to give the client (same path as the upstream). */
  readonly url: string;
  /** The authorization server's issuer (its origin). */
  readonly issuer: string;
  /** Where the protected resource metadata is served (undefined with `resourceMetadata: none`). */
  readonly resourceMetadataUrl: string | undefined;
  readonly authorizationServer: MockAuthorizationServer;
  /** With `migrateAfter`: the authorization server the MCP server moves to (its own port and issuer). */
  readonly secondAuthorizationServer: MockAuthorizationServer | undefined;
  /** With `enterpriseManaged`: the enterprise identity provider (its own port and issuer). */
  readonly identityProvider: MockIdentityProvider | undefined;
  /** Every request to the resource and the authorization server, in arrival order. */
  readonly requests: AuthRequestRecord[];
  close(): Promise<void>;
}

/**
 * Puts mock OAuth in front of an MCP endpoint on 127.0.0.1: a protected resource that answers 401
 * with its metadata until a token is presented, and a mock authorization server that issues tokens.
 * Every request is recorded on the handle.
 */
export async function serveAuthorization(options: AuthorizationOptions): Promise<AuthorizationHandle> {
  const { setup } = options;
  const mode = setup.resourceMetadata ?? 'header';
  const upstream = new URL(options.upstream);
  const requests: AuthRequestRecord[] = [];
  const agent = new http.Agent({ keepAlive: false });
  const as = new MockAuthorizationServer(mode === 'none' ? { ...setup, serverMetadata: setup.serverMetadata ?? 'oauth' } : setup);
  if (setup.migrateAfter !== undefined && mode === 'none')
    throw new Error('Failed to serve authorization: migrateAfter needs protected resource metadata to name the new server. Drop resourceMetadata: none.');
  // The second server knows none of the first one's clients, pre-registered ones included.
  const second = setup.migrateAfter === undefined ? undefined : new MockAuthorizationServer({ ...setup, preRegistered: undefined });
  const enterprise = setup.enterpriseManaged;
  if (enterprise && mode === 'none')
    throw new Error(
      'Failed to serve authorization: enterpriseManaged needs protected resource metadata to name the MCP server and its authorization server. Drop resourceMetadata: none.',
    );
  const idp = enterprise
    ? new MockIdentityProvider({
        idpClientId: enterprise.idpClientId ?? `${enterprise.clientId}-idp`,
        mcpClientId: enterprise.clientId,
        target: () => ({ audience: as.issuer, resource: endpoint() }),
      })
    : undefined;
  if (idp) as.trustIdentityProvider(idp, () => endpoint());
  /** The authorization server the protected resource trusts now (the second one once it moved). */
  let current = second && setup.migrateAfter === 0 ? second : as;
  let authorizedRequests = 0;

  const track = (to: AuthRequestRecord['to'], req: IncomingMessage, res: ServerResponse, issuer?: string): [AuthRequestRecord, URL] => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const record = recordOf(to, req, res, url);
    if (issuer !== undefined) record.issuer = issuer;
    requests.push(record);
    options.onRequest?.(record, 'arrived');
    res.once('close', () => options.onRequest?.(record, 'answered'));
    return [record, url];
  };
  const notFound = (res: ServerResponse, record: AuthRequestRecord) => {
    record.outcome = 'not found';
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  };
  const guarded = (fn: (req: IncomingMessage, res: ServerResponse) => Promise<void>) => (req: IncomingMessage, res: ServerResponse) => {
    fn(req, res).catch((err: Error) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`mock authorization error: ${err.message}`);
    });
  };

  /** Requests each access token has been used for (only counted with `tokenUses`). */
  const uses = new Map<string, number>();
  let resourceOrigin = '';
  const endpoint = () => `${resourceOrigin}${upstream.pathname}`;
  const pathMetadata = `${RESOURCE_METADATA_PATH}${upstream.pathname === '/' ? '' : upstream.pathname}`;
  // With `header`, the document is only where the challenge says (not a well-known URI), so a client
  // that ignores the header cannot find it by construction.
  const servedMetadataPath = { header: `${HEADER_METADATA_PATH}${upstream.pathname}`, path: pathMetadata, root: RESOURCE_METADATA_PATH, none: undefined }[mode];

  const resource = http.createServer(
    guarded(async (req, res) => {
      const [record, url] = track('resource', req, res);
      if (url.pathname === upstream.pathname) return protect(req, res, record, url);
      if (servedMetadataPath !== undefined && url.pathname === servedMetadataPath && req.method === 'GET') {
        record.outcome = 'served the protected resource metadata';
        return sendJson(res, 200, {
          resource: setup.metadataResource === 'other' ? FOREIGN_RESOURCE : endpoint(),
          authorization_servers: [current.issuer],
          bearer_methods_supported: ['header'],
          ...(setup.scopesSupported ? { scopes_supported: setup.scopesSupported } : {}),
        });
      }
      if (mode === 'none') {
        record.to = 'authorization-server';
        record.issuer = as.issuer;
        if (await as.handle(req, res, url, record)) return;
      }
      notFound(res, record);
    }),
  );

  async function protect(req: IncomingMessage, res: ServerResponse, record: AuthRequestRecord, url: URL): Promise<void> {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(record.headers.authorization ?? '')?.[1];
    let issued = bearer === undefined ? undefined : current.tokens.get(bearer);
    // After a move, the first authorization server's tokens are no longer accepted.
    const fromFormerServer = issued === undefined && bearer !== undefined && current !== as && as.tokens.has(bearer);
    let expired = false;
    if (issued && bearer !== undefined && setup.tokenUses !== undefined) {
      const used = (uses.get(bearer) ?? 0) + 1;
      uses.set(bearer, used);
      if (used > setup.tokenUses) {
        expired = true;
        issued = undefined;
      }
    }
    if (issued) {
      const stepUp = setup.stepUp;
      if (stepUp && req.method === 'POST') {
        // The body is needed to see which operation is asked for; it is forwarded as read.
        const body = await readRawBody(req);
        const method = jsonRpcMethod(body);
        if (method !== undefined) record.rpcMethod = method;
        if (method !== undefined && stepUp.methods.includes(method) && (stepUp.never || !hasScopes(issued.scope, stepUp.scope))) {
          return insufficientScope(res, record, method, issued.scope);
        }
        authorized(record);
        return forward(req, res, url, body);
      }
      authorized(record);
      return forward(req, res, url);
    }
    const params: string[] = [];
    if (mode === 'header') params.push(`resource_metadata="${resourceOrigin}${servedMetadataPath!}"`);
    if (setup.challengeScope !== undefined) params.push(`scope="${setup.challengeScope}"`);
    if (bearer !== undefined) params.push('error="invalid_token"');
    const challenge = `Bearer${params.length ? ` ${params.join(', ')}` : ''}`;
    const why =
      bearer === undefined
        ? 'no bearer token'
        : expired
          ? `the token expired after ${setup.tokenUses} request(s)`
          : fromFormerServer
            ? `the token is from ${as.issuer}, and the MCP server now uses the authorization server ${current.issuer}`
            : 'unknown token';
    record.outcome = `refused: ${why} (WWW-Authenticate: ${challenge})`;
    req.resume();
    sendJson(res, 401, { error: bearer === undefined ? 'unauthorized' : 'invalid_token' }, { 'www-authenticate': challenge });
  }

  /** Counts an authorized request; with `migrateAfter`, the one that reaches the count moves the MCP server to the second authorization server. */
  function authorized(record: AuthRequestRecord): void {
    record.outcome = 'authorized: forwarded to the MCP endpoint';
    authorizedRequests += 1;
    if (second && current === as && authorizedRequests >= setup.migrateAfter!) {
      current = second;
      record.outcome += `; the MCP server now uses the authorization server ${second.issuer}`;
    }
  }

  function insufficientScope(res: ServerResponse, record: AuthRequestRecord, method: string, granted: string | undefined): void {
    const params = ['error="insufficient_scope"', `scope="${setup.stepUp!.scope}"`];
    if (mode === 'header') params.push(`resource_metadata="${resourceOrigin}${servedMetadataPath!}"`);
    const challenge = `Bearer ${params.join(', ')}`;
    record.outcome = `refused ${method}: the token's scope (${granted ?? 'none'}) lacks ${setup.stepUp!.scope}${setup.stepUp!.never ? ' (this setup never accepts it)' : ''} (WWW-Authenticate: ${challenge})`;
    sendJson(res, 403, { error: 'insufficient_scope' }, { 'www-authenticate': challenge });
  }

  function forward(req: IncomingMessage, res: ServerResponse, url: URL, body?: Buffer): void {
    const proxied = http.request(
      {
        agent,
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: `${upstream.pathname}${url.search}`,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        res.once('close', () => answer.destroy());
      },
    );
    proxied.once('error', (err) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`mock authorization: the MCP endpoint did not answer (${err.message})`);
    });
    res.once('close', () => proxied.destroy());
    if (body === undefined) req.pipe(proxied);
    else proxied.end(body);
  }

  const serveAuthorizationServer = (server: MockAuthorizationServer) =>
    http.createServer(
      guarded(async (req, res) => {
        const [record, url] = track('authorization-server', req, res, server.issuer);
        if (!(await server.handle(req, res, url, record))) notFound(res, record);
      }),
    );
  const authServer = mode === 'none' ? undefined : serveAuthorizationServer(as);
  const secondServer = second ? serveAuthorizationServer(second) : undefined;
  const idpServer = idp
    ? http.createServer(
        guarded(async (req, res) => {
          const [record, url] = track('identity-provider', req, res, idp.issuer);
          if (!(await idp.handle(req, res, url, record))) notFound(res, record);
        }),
      )
    : undefined;

  const listen = (server: http.Server) =>
    new Promise<string>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
    });
  resourceOrigin = await listen(resource);
  as.issuer = authServer ? await listen(authServer) : resourceOrigin;
  if (second && secondServer) second.issuer = await listen(secondServer);
  if (idp && idpServer) idp.issuer = await listen(idpServer);

  const stop = (server: http.Server) =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return {
    url: endpoint(),
    issuer: as.issuer,
    resourceMetadataUrl: servedMetadataPath === undefined ? undefined : `${resourceOrigin}${servedMetadataPath}`,
    authorizationServer: as,
    secondAuthorizationServer: second,
    identityProvider: idp,
    requests,
    async close() {
      await Promise.all([stop(resource), ...[authServer, secondServer, idpServer].filter((s) => s !== undefined).map(stop)]);
      agent.destroy();
    },
  };
}

/** The method of a JSON-RPC request body, or undefined when the body is not one. */
function jsonRpcMethod(body: Buffer): string | undefined {
  try {
    const message = JSON.parse(body.toString('utf8')) as { method?: unknown };
    return typeof message.method === 'string' ? message.method : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a granted scope string holds every word of `needed`. */
function hasScopes(granted: string | undefined, needed: string): boolean {
  const have = new Set((granted ?? '').split(' ').filter(Boolean));
  return needed
    .split(' ')
    .filter(Boolean)
    .every((s) => have.has(s));
}
