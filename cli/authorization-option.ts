// Server-side authorization runs (--auth-token, --auth-mock, --auth-scope): checks the flags, starts
// the mock authorization server before the target (a started target learns its issuer from
// MCP_CONFORM_AUTH_ISSUER), and, once the target listens, builds the `auth` variable of the
// authorization scenarios: the token every request carries and the tokens to be refused.
import type { AuthorizationServerHandle } from '../mocks/index.js';
import { resourceUrls, type AuthorizationContext } from '../runner/engine/index.js';
import { authTokenWords } from '../runner/repro.js';
import { primaryChallenge } from '../wire/protocol/index.js';
import { quoteWord } from '../wire/transports/index.js';
import type { CliOptions } from './program.js';
import { UsageError } from './usage-error.js';

/** The environment variable that tells a server the runner starts where the mock issuer listens. */
export const ISSUER_ENV = 'MCP_CONFORM_AUTH_ISSUER';
/** An audience no real server has: RFC 6761 reserves `.invalid`. */
const OTHER_AUDIENCE = 'https://another-resource.mcp-conform.invalid/mcp';

type AuthFlags = Pick<CliOptions, 'authToken' | 'authMock' | 'authScope' | 'header' | 'url' | 'portEnv' | 'sseUrl'>;

/** Refuses combinations that cannot work, with the fix. */
export function checkAuthorizationFlags(opts: AuthFlags): void {
  const wanted = opts.authToken !== undefined || opts.authMock !== undefined;
  if (!wanted) {
    if (opts.authScope !== undefined)
      throw new UsageError('--auth-scope applies to --auth-mock, which was not given.', 'Add --auth-mock PORT, or leave --auth-scope out.');
    return;
  }
  if (opts.authToken !== undefined && opts.authMock !== undefined) {
    throw new UsageError(
      '--auth-token and --auth-mock both give the run its tokens; pass one.',
      'Use --auth-mock PORT when the server trusts the mock authorization server, else --auth-token TOKEN.',
    );
  }
  if (opts.authScope !== undefined && opts.authMock === undefined)
    throw new UsageError('--auth-scope applies to --auth-mock: a given token already has its scope.', 'Leave --auth-scope out, or use --auth-mock PORT.');
  if (opts.url === undefined && opts.portEnv === undefined) {
    throw new UsageError(
      'Authorization applies to Streamable HTTP servers, but neither --url nor --port-env was given.',
      'Add --url http://127.0.0.1:PORT/mcp, or --server CMD --port-env PORT.',
    );
  }
  if (opts.sseUrl !== undefined)
    throw new UsageError(
      'Authorization scenarios run over Streamable HTTP, not the legacy --sse-url transport.',
      'Use --url with the Streamable HTTP endpoint.',
    );
  if (opts.header?.some(([name]) => name.toLowerCase() === 'authorization')) {
    throw new UsageError('--header Authorization and the --auth-* flags both set the token.', 'Pass the token with --auth-token TOKEN and drop the header.');
  }
}

/** Starts the mock authorization server when --auth-mock asks for one (its issuer is printed on stderr). */
export async function startMockAuthorization(opts: AuthFlags): Promise<AuthorizationServerHandle | undefined> {
  if (opts.authMock === undefined) return undefined;
  let handle: AuthorizationServerHandle;
  try {
    // The mock kit loads only for --auth-mock.
    const { serveMockAuthorizationServer } = await import('../mocks/index.js');
    handle = await serveMockAuthorizationServer({ port: opts.authMock });
  } catch (err) {
    throw new UsageError(
      `Failed to start the mock authorization server on 127.0.0.1:${opts.authMock}: ${(err as Error).message}.`,
      'Pick a free port, or 0 with --server … --port-env (the server then reads the issuer from MCP_CONFORM_AUTH_ISSUER).',
    );
  }
  process.stderr.write(`mcp-conform: mock authorization server at ${handle.issuer} (JWKS ${handle.issuer}/jwks, introspection ${handle.issuer}/introspect)\n`);
  return handle;
}

/** The --auth-* flags again, for reproduce commands (a token read from $MCP_AUTH, never printed). */
export function authorizationReproWords(opts: AuthFlags): string[] {
  return [
    ...(opts.authToken !== undefined ? authTokenWords() : []),
    ...(opts.authMock !== undefined ? ['--auth-mock', String(opts.authMock)] : []),
    ...(opts.authScope !== undefined ? ['--auth-scope', quoteWord(opts.authScope)] : []),
  ];
}

/** What the target says about its protection, read without a token: the audience and scopes to mint for. */
interface ProtectionFacts {
  resource?: string;
  scopes: string[];
  /** When no metadata document was read: those that failed for another reason than an HTTP status (a timeout, a refused connection). */
  unread: string[];
}

/**
 * The `auth` variable for a target now listening at `endpoint`. With the mock, tokens are minted
 * for the audience the target's metadata names (else the endpoint) and the scopes it advertises
 * (challenge and `scopes_supported`, or --auth-scope). `notice` hears when the metadata could not be
 * read at all (the tokens then name the endpoint and only the challenge's scopes), since a run whose
 * token the server refuses would otherwise not say why.
 */
export async function authorizationContext(
  opts: AuthFlags,
  endpoint: string,
  mock: AuthorizationServerHandle | undefined,
  timeoutMs: number,
  notice: (text: string) => void = () => {},
): Promise<AuthorizationContext | undefined> {
  const urls = { resource: endpoint, ...resourceUrls(endpoint) };
  if (opts.authToken !== undefined) return { source: 'token', token: opts.authToken, ...urls };
  if (!mock) return undefined;
  const facts = await protectionFacts(endpoint, urls.metadataPathUrl, urls.metadataRootUrl, timeoutMs);
  if (facts.unread.length > 0) {
    const scoped = opts.authScope ?? (facts.scopes.length > 0 ? facts.scopes.join(' ') : undefined);
    notice(
      `could not read the protected resource metadata (${facts.unread.join('; ')}): the mock's tokens name ${endpoint} as their audience and ` +
        (scoped !== undefined ? `carry the scope "${scoped}".` : 'carry no scope (--auth-scope names the scopes to mint).'),
    );
  }
  // The metadata's resource is the audience the server expects, unless it names another server
  // (a finding of authorization/protected-resource-metadata): then the endpoint URL is.
  const audience = facts.resource !== undefined && urls.acceptedResources.includes(facts.resource) ? facts.resource : endpoint;
  const scope = opts.authScope ?? (facts.scopes.length > 0 ? facts.scopes.join(' ') : undefined);
  const as = mock.authorizationServer;
  const withScope = scope !== undefined ? { scope } : {};
  return {
    source: 'mock',
    token: as.mint({ audience, ...withScope, lifetimeSeconds: 3600 }),
    ...urls,
    minted: {
      issuer: mock.issuer,
      otherAudience: as.mint({ audience: OTHER_AUDIENCE, ...withScope, lifetimeSeconds: 3600 }),
      expired: as.mint({ audience, ...withScope, lifetimeSeconds: -3600 }),
      noScope: as.mint({ audience, lifetimeSeconds: 3600 }),
    },
  };
}

async function protectionFacts(endpoint: string, pathUrl: string, rootUrl: string, timeoutMs: number): Promise<ProtectionFacts> {
  const scopes = new Set<string>();
  const unread: string[] = [];
  let metadataUrl: string | undefined;
  try {
    const refused = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 'mcp-conform-auth-probe', method: 'ping' }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await refused.body?.cancel();
    const challenge = primaryChallenge(refused.headers.get('www-authenticate') ?? undefined);
    for (const s of (challenge?.params.scope ?? '').split(/\s+/)) if (s) scopes.add(s);
    metadataUrl = challenge?.params.resource_metadata;
  } catch {
    // A target that cannot be reached fails the probe with a clearer message than ours.
  }
  for (const url of [metadataUrl, pathUrl, rootUrl]) {
    if (url === undefined) continue;
    const read = await readJson(url, timeoutMs);
    if ('failure' in read) {
      unread.push(`${url}: ${read.failure}`);
      continue;
    }
    const metadata = read.value;
    if (metadata === undefined) continue;
    if (Array.isArray(metadata.scopes_supported)) for (const s of metadata.scopes_supported) if (typeof s === 'string') scopes.add(s);
    return { ...(typeof metadata.resource === 'string' ? { resource: metadata.resource } : {}), scopes: [...scopes], unread: [] };
  }
  return { scopes: [...scopes], unread };
}

/**
 * A JSON object at `url`; `value` undefined when the server answered with something else (an error
 * status, not an object: it has no such document), `failure` when it did not answer within the bound.
 */
async function readJson(url: string, timeoutMs: number): Promise<{ value: Record<string, unknown> | undefined } | { failure: string }> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const error = err as Error;
    return { failure: error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : ((error.cause as Error | undefined)?.message ?? error.message) };
  }
  try {
    if (!response.ok) {
      await response.body?.cancel();
      return { value: undefined };
    }
    const value = (await response.json()) as unknown;
    return { value: typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined };
  } catch (err) {
    return (err as Error).name === 'TimeoutError' ? { failure: `no whole body within ${timeoutMs} ms` } : { value: undefined };
  }
}
