// Client mode with authorization: the scenario's mock, served over Streamable HTTP by the inner
// host, is put behind the mock OAuth layer (mocks/auth): the client is given the protected
// endpoint, must discover and use the mock authorization server, and every OAuth request it makes
// is recorded in the transcript and kept (AuthFacts) for the authorization duties.
import { serveAuthorization, type AuthorizationHandle, type AuthRequestRecord, type AuthSetup } from '../../mocks/index.js';
import type { AuthFacts, ClientHost, Recorder } from './host-facts.js';

export type { AuthFacts } from './host-facts.js';

export class AuthorizingHttpHost implements ClientHost {
  private handle: AuthorizationHandle | undefined;
  private readonly seqs = new Map<AuthRequestRecord, number>();
  private facts: AuthFacts | undefined;

  constructor(
    private readonly inner: ClientHost,
    private readonly setup: AuthSetup,
    private readonly record: Recorder,
  ) {}

  get fromClient() {
    return this.inner.fromClient;
  }
  get toClient() {
    return this.inner.toClient;
  }
  get http() {
    return this.inner.http;
  }
  get overLimit(): string | undefined {
    return this.inner.overLimit;
  }
  get auth(): AuthFacts | undefined {
    return this.facts;
  }
  /** At least 1 once the client reached the protected endpoint, even if it never got through. */
  get connectionCount(): number {
    return Math.max(this.inner.connectionCount, this.handle?.requests.length ? 1 : 0);
  }

  async start(): Promise<string> {
    const upstream = await this.inner.start();
    const handle = await serveAuthorization({
      setup: this.setup,
      upstream,
      onRequest: (r, phase) => {
        const where = r.to === 'resource' ? 'protected resource' : r.to === 'identity-provider' ? 'identity provider' : 'authorization server';
        if (phase === 'arrived') {
          const query = Object.keys(r.query).length ? `?${new URLSearchParams(r.query).toString()}` : '';
          this.seqs.set(
            r,
            this.record(
              'note',
              `OAuth: ${r.method} ${r.path}${query} to the ${where}${this.setup.migrateAfter !== undefined && r.issuer !== undefined ? ` ${r.issuer}` : ''}${r.headers.authorization ? ` [authorization: ${r.headers.authorization}]` : ''}`,
            ),
          );
        } else {
          this.record(
            'note',
            `OAuth: ${r.method} ${r.path} answered ${r.status}${r.outcome ? `: ${r.outcome}` : ''}${r.body ? ` (body ${JSON.stringify(r.body).slice(0, 300)})` : ''}`,
          );
        }
      },
    });
    this.handle = handle;
    const seqs = this.seqs;
    this.facts = {
      setup: this.setup,
      endpoint: handle.url,
      issuer: handle.issuer,
      resourceMetadataUrl: handle.resourceMetadataUrl,
      serverMetadataPath: handle.authorizationServer.metadataPath(),
      get requests() {
        return handle.requests.map((r) => ({ seq: seqs.get(r) ?? 0, r }));
      },
      isIssuedToken: (token) => handle.authorizationServer.isValidToken(token) || (handle.secondAuthorizationServer?.isValidToken(token) ?? false),
      secondIssuer: handle.secondAuthorizationServer?.issuer,
      isFirstServerClient: (clientId) => handle.authorizationServer.hasRegistered(clientId),
      clientContext: handle.authorizationServer.clientContext(),
      assertionProblem: (assertion) => handle.authorizationServer.assertionProblem(assertion),
      identityProviderIssuer: handle.identityProvider?.issuer,
      isIssuedIdJag: (value) => handle.identityProvider?.hasIssued(value) ?? false,
      idJagProblem: (assertion) => handle.authorizationServer.idJagProblem(assertion),
    };
    const second = handle.secondAuthorizationServer;
    this.record(
      'note',
      `OAuth: the MCP endpoint is protected at ${handle.url}; authorization server ${handle.issuer}${second ? (this.setup.migrateAfter === 0 ? `, which the MCP server has already left for ${second.issuer}` : `, later ${second.issuer} (after ${this.setup.migrateAfter} authorized request(s))`) : ''}${handle.identityProvider ? `; enterprise identity provider ${handle.identityProvider.issuer}` : ''}`,
    );
    return handle.url;
  }

  async close(): Promise<void> {
    await this.handle?.close();
    await this.inner.close();
  }
}
