// Runs one client cell: serve the scenario's mock to the client command through the relay, let the
// client run (bounded), stop it, and judge what it sent. The client learns which behaviour to
// exhibit from MCP_CONFORM_SCENARIO (and the revision under test from MCP_CONFORM_REVISION).
import { createMockFromConfig, JWT_BEARER_GRANT, type MockConfig, type MockServer } from '../../mocks/index.js';
import { isRevision, isStateless, type Revision } from '../../schema/revisions.js';
import type { MessageValidator } from '../checks/index.js';
import type { MatchContext } from '../matchers/index.js';
import { TransportStartError } from '../../wire/protocol/index.js';
import { scenarioStatus, type CheckResult, type RuleRef, type ScenarioResult, type TranscriptEntry } from '../../wire/results/index.js';
import { StdioTransport } from '../../wire/transports/index.js';
import { AuthorizingHttpHost } from './auth-host.js';
import { CanaryHost, mentionsCanary, withCanary } from './canary-host.js';
import { StdioRelayHost, type ClientHost, type RecordedLine, type Recorder } from './bridge.js';
import type { AuthFacts } from './host-facts.js';
import { clientAlwaysOnChecks, negotiatedVersions } from './client-checks.js';
import { judgeExpectations } from './expectations.js';
import type { ClientScenario } from './types.js';

/** Where the client command takes the server: a command to spawn (stdio) or a URL (HTTP). */
export const SERVER_PLACEHOLDER = '{command}';
export const URL_PLACEHOLDER = '{url}';
const MAX_OUTPUT_LINES = 200;

export interface ClientCellInput {
  scenario: ClientScenario;
  revision: Revision;
  /** The client command, with {command} where the server command goes (or {url}, with `makeHttpHost`). */
  command: string;
  /** Serves the mock over HTTP for a client command with {url}; absent: HTTP clients are not supported. */
  makeHttpHost?: (mock: MockServer, record: Recorder, maxMessageBytes?: number) => ClientHost;
  cwd?: string;
  env?: Record<string, string>;
  /** Absolute path of the built relay-main.js. */
  relayEntry: string;
  /** Longest message read from the client (--max-message-bytes; default DEFAULT_MAX_MESSAGE_BYTES). */
  maxMessageBytes?: number;
  ruleRef(id: string, revision: Revision): RuleRef;
  /** Schema validators of a revision (as the server engine gets them); absent: no schema checks. */
  validatorsFor?: (revision: Revision) => { validators: Omit<MatchContext, 'vars'>; messageValidator?: MessageValidator };
  /** True when the user named this revision: a client that does not take it up is then judged, not skipped. */
  revisionDemanded: boolean;
  strict: boolean;
  repro: string;
  /**
   * How long a client may run (ms) when the scenario sets no `within`. --timeout raises it, so a
   * slow client can be given more time than the default.
   */
  clientRunMs: number;
  /**
   * The user's --timeout, when given: a wait a scenario sets for the client's answer to a server
   * request (`clientRequest.timeoutMs`) only lengthens to it, never shortens it.
   */
  answerWaitMs?: number;
  /**
   * OAuth is OPTIONAL for clients: scenarios that put the mock behind the OAuth layer (`auth:`)
   * judge a client only when the user asked for it (--auth, or --tag authorization) or when the
   * client attempted authorization.
   */
  judgeAuthorization: boolean;
}

/** What a client gets when neither the scenario nor --timeout asks for more. */
export const DEFAULT_CLIENT_RUN_MS = 10_000;

export async function runClientCell(input: ClientCellInput): Promise<ScenarioResult> {
  const { scenario, revision } = input;
  const started = Date.now();
  const transcript: TranscriptEntry[] = [];
  const stderr: string[] = [];
  let seq = 0;
  const record = (dir: TranscriptEntry['dir'], text: string) => {
    transcript.push({ seq: ++seq, t: Date.now() - started, dir, text: text.length > 2000 ? `${text.slice(0, 2000)} …` : text });
    return seq;
  };
  const base = {
    id: scenario.id,
    title: scenario.title,
    area: scenario.area,
    revision,
    transport: input.command.includes(URL_PLACEHOLDER) ? 'http' : 'stdio',
    tags: scenario.tags,
    repro: input.repro,
  };
  const done = (status: ScenarioResult['status'], checks: CheckResult[], extra: Partial<ScenarioResult> = {}): ScenarioResult => ({
    ...base,
    status,
    checks,
    transcript,
    stderr,
    durationMs: Date.now() - started,
    ...extra,
  });

  const overHttp = input.command.includes(URL_PLACEHOLDER);
  if (scenario.transport !== undefined && scenario.transport !== (overHttp ? 'http' : 'stdio')) {
    return done('skipped', [], {
      skipReason: `the scenario judges ${scenario.transport === 'http' ? 'HTTP-level duties: give the client command {url}' : 'stdio only'}`,
    });
  }
  const withinMs = scenario.withinMs ?? input.clientRunMs;
  // A scenario that names {canary} gets a loopback origin of its own, recorded, in its place.
  const canary = mentionsCanary(scenario.server) ? new CanaryHost(record) : undefined;
  const serverDefinition = canary ? withCanary(scenario.server, await canary.start()) : scenario.server;
  const config = {
    serverInfo: { name: 'mcp-conform-mock', version: '1.0.0' },
    revisions: [revision],
    ...withAnswerWait(serverDefinition, input.answerWaitMs),
  } as MockConfig;
  const mock = createMockFromConfig(config, {
    record: false,
    logger: { warn: (m) => record('note', `mock: ${m}`), error: (m) => record('note', `mock: ${m}`) },
  });
  const served: ClientHost =
    overHttp && input.makeHttpHost
      ? input.makeHttpHost(mock, record, input.maxMessageBytes)
      : new StdioRelayHost(mock, record, input.relayEntry, input.maxMessageBytes);
  const bridge = scenario.auth && overHttp ? new AuthorizingHttpHost(served, scenario.auth, record) : served;
  const pointer = await bridge.start();
  const client = new StdioTransport({
    command: input.command.split(overHttp ? URL_PLACEHOLDER : SERVER_PLACEHOLDER).join(pointer),
    ...(input.cwd ? { cwd: input.cwd } : {}),
    env: { ...input.env, MCP_CONFORM_SCENARIO: scenario.id, MCP_CONFORM_REVISION: revision, ...authContextEnv(bridge.auth) },
  });
  let outputLines = 0;
  client.onEvent((event) => {
    if (event.kind === 'stderr') {
      if (stderr.length < MAX_OUTPUT_LINES) stderr.push(event.text);
    } else if ((event.kind === 'message' || event.kind === 'non-json') && ++outputLines <= MAX_OUTPUT_LINES) {
      record('note', `client stdout: ${event.text}`);
    }
  });
  try {
    await client.start();
  } catch (err) {
    await bridge.close();
    await canary?.close();
    const reason = err instanceof TransportStartError ? err.message : String(err);
    return done('errored', [], { errorReason: `the client could not be started: ${reason}` });
  }
  record('note', `client started; it runs until it exits or ${withinMs} ms pass`);
  const ended = await client.close({ graceMs: withinMs });
  record(
    'note',
    ended.escalation === 'none' ? `client exited (code ${String(ended.exitCode)})` : `client stopped with ${ended.escalation} after ${withinMs} ms`,
  );
  await bridge.close();
  await canary?.close();

  // A message of the client that the runner could not read (its own limit): nothing is judged.
  if (bridge.overLimit !== undefined) return done('errored', [], { errorReason: bridge.overLimit });
  if (bridge.connectionCount === 0) {
    return done('errored', [], {
      errorReason: `the client never connected to the mock server it was given (${overHttp ? URL_PLACEHOLDER : SERVER_PLACEHOLDER}); see its stderr`,
    });
  }
  // Authorization is OPTIONAL for clients: without --auth, a client is judged on it only when it
  // attempted it (fetched metadata, went to the authorization server, or sent a token).
  // Extensions are opt-in whatever --auth says: a client that never used the client credentials
  // grant does not implement the OAuth Client Credentials extension, which is no fault.
  if (scenario.auth?.clientCredentials && !attemptedClientCredentials(bridge.auth)) {
    return done('skipped', [], {
      skipReason:
        'the client did not use the client credentials grant (no token request without an authorization request); the OAuth Client Credentials extension (io.modelcontextprotocol/oauth-client-credentials) is opt-in',
    });
  }
  if (scenario.auth?.enterpriseManaged && !attemptedEnterpriseManaged(bridge.auth)) {
    return done('skipped', [], {
      skipReason:
        'the client made no token exchange request to the identity provider and no JWT bearer grant request to the authorization server; the Enterprise-Managed Authorization extension (io.modelcontextprotocol/enterprise-managed-authorization) is opt-in',
    });
  }
  if (scenario.auth && !input.judgeAuthorization && !attemptedAuthorization(bridge.auth)) {
    return done('skipped', [], {
      skipReason:
        'the client did not attempt authorization (no metadata fetched, no authorization server contacted, no token sent); authorization is OPTIONAL for clients, and --auth (or --tag authorization) judges it anyway',
    });
  }
  const declined = declinedRevision(bridge.fromClient, bridge.toClient, revision);
  if (declined && !input.revisionDemanded) return done('skipped', [], { skipReason: declined });

  const ruleRef = (id: string) => input.ruleRef(id, revision);
  const validation = input.validatorsFor?.(revision);
  const negotiated = negotiatedVersions(bridge.fromClient, bridge.toClient);
  const validatorFor = (connection: number): MessageValidator | undefined => {
    const version = negotiated.get(connection);
    return version !== undefined && version !== revision && isRevision(version)
      ? input.validatorsFor?.(version).messageValidator
      : validation?.messageValidator;
  };
  const stoppedAfterMs = ended.escalation === 'none' ? undefined : withinMs;
  const own = judgeExpectations({
    scenarioId: scenario.id,
    expectations: scenario.expect,
    fromClient: bridge.fromClient,
    toClient: bridge.toClient,
    ruleFor: (e) => ruleRef(e.rule ?? scenario.rules[0]!),
    match: validation?.validators ?? {},
    revision,
    ...(bridge.http ? { http: bridge.http } : {}),
    ...(bridge.auth ? { auth: bridge.auth } : {}),
    ...(canary ? { canary: canary.facts } : {}),
    ...(stoppedAfterMs !== undefined ? { stoppedAfterMs } : {}),
  });
  const checks = [...clientAlwaysOnChecks(bridge.fromClient, bridge.toClient, ruleRef, validation?.messageValidator ? validatorFor : undefined), ...own];
  const status = scenarioStatus(checks, input.strict);
  // As in server mode: a cell none of whose own rules could be judged (a precondition met does not
  // count) is skipped with the reason, not passed on the always-on checks alone.
  const judged = own.filter((c, i) => c.status !== 'skipped' && !scenario.expect[i]?.precondition);
  if (status === 'passed' && judged.length === 0) {
    const reason = own.find((c) => c.status === 'skipped')?.message ?? 'no check of this scenario applied';
    return done('skipped', checks, {
      skipReason: stoppedAfterMs !== undefined ? `the client was stopped after ${stoppedAfterMs} ms (its time bound); ${reason}` : reason,
    });
  }
  return done(status, checks);
}

/** Whether the client asked the token endpoint for a token directly, with no authorization request before: a machine-to-machine grant. */
function attemptedClientCredentials(auth: AuthFacts | undefined): boolean {
  for (const { r } of auth?.requests ?? []) {
    if (r.to !== 'authorization-server') continue;
    if (r.method === 'GET' && r.path === '/authorize') return false;
    if (r.method === 'POST' && r.path === '/token') return true;
  }
  return false;
}

/** Whether the client went to the identity provider's token endpoint, or presented a JWT grant to the authorization server: it tried the extension. */
function attemptedEnterpriseManaged(auth: AuthFacts | undefined): boolean {
  return (auth?.requests ?? []).some(
    ({ r }) =>
      r.method === 'POST' &&
      r.path === '/token' &&
      (r.to === 'identity-provider' || (r.to === 'authorization-server' && r.body?.grant_type === JWT_BEARER_GRANT)),
  );
}

/** Whether the client did anything OAuth asks of it, beyond being answered 401 at the MCP endpoint. */
function attemptedAuthorization(auth: AuthFacts | undefined): boolean {
  if (!auth) return false;
  const endpoint = new URL(auth.endpoint);
  return auth.requests.some(({ r }) => {
    if (r.headers.authorization !== undefined || r.to === 'identity-provider') return true;
    // An authorization server on an origin of its own is reached only through OAuth discovery.
    if (r.to === 'authorization-server' && r.issuer !== undefined && new URL(r.issuer).origin !== endpoint.origin) return true;
    // On the MCP server's own origin, a request is OAuth when it looks for a well-known document, or
    // when the mock served it as OAuth (the metadata where the `header` setup puts it outside
    // /.well-known/, the 2025-03-26 default endpoints). Any other path is not: a client that takes
    // the 401 for a legacy server and tries the HTTP+SSE transport (GET /sse, answered 404) is
    // following the transports page's backwards-compatibility advice, not attempting OAuth.
    if (r.path === endpoint.pathname) return false;
    return r.path.startsWith('/.well-known/') || r.status !== 404;
  });
}

/**
 * What a client behind the mock OAuth layer is given besides the URL, as a user would configure it:
 * the credentials of a pre-registered client (basic/authorization, "Pre-registration"), or of a
 * machine client for the OAuth Client Credentials extension (its id, secret or private key), or of
 * an enterprise-managed client (its id and secret at the authorization server, the identity
 * provider's token endpoint, its id there and the user's ID token from single sign-on).
 */
function authContextEnv(auth: AuthFacts | undefined): Record<string, string> {
  const context = auth?.clientContext;
  return context ? { MCP_CONFORM_AUTH_CONTEXT: JSON.stringify(context) } : {};
}

/**
 * Why the client evidently does not speak `revision`, or undefined. Stateful: it asked for another
 * version, was offered this one, and did not complete the handshake. Stateless: it opened with
 * initialize and never sent a request carrying this revision in `_meta`.
 */
function declinedRevision(fromClient: RecordedLine[], toClient: RecordedLine[], revision: Revision): string | undefined {
  const sent = fromClient.map((l) => l.message).filter((m): m is Record<string, unknown> => typeof m === 'object' && m !== null && !Array.isArray(m));
  const first = sent[0];
  if (!first || first.method !== 'initialize') return undefined;
  const asked = (first.params as Record<string, unknown> | undefined)?.protocolVersion;
  if (isStateless(revision)) {
    const spoke = sent.some(
      (m) =>
        ((m.params as Record<string, unknown> | undefined)?._meta as Record<string, unknown> | undefined)?.['io.modelcontextprotocol/protocolVersion'] ===
        revision,
    );
    return spoke ? undefined : `the client does not speak ${revision}: it opened with initialize (asking for ${String(asked)})`;
  }
  if (asked === revision) return undefined;
  const offered = toClient.some(
    (l) => ((l.message as { result?: { protocolVersion?: unknown } } | undefined)?.result?.protocolVersion ?? undefined) === revision,
  );
  const completed = sent.some((m) => m.method === 'notifications/initialized');
  return offered && !completed ? `the client does not speak ${revision}: it asked for ${String(asked)} and stopped when offered ${revision}` : undefined;
}

/**
 * The scenario's server with each wait for a client's answer (`clientRequest.timeoutMs`, in a tool
 * or one of its cases) raised to the user's --timeout: a slow client on a loaded machine given a
 * larger bound is not judged on the scenario's shorter one (a missed ping answer is a MUST).
 */
function withAnswerWait<T>(server: T, answerWaitMs: number | undefined): T {
  if (answerWaitMs === undefined) return server;
  const raise = (behaviour: Record<string, unknown>): Record<string, unknown> => {
    const request = behaviour.clientRequest as { timeoutMs?: number } | undefined;
    const raised =
      request?.timeoutMs !== undefined && request.timeoutMs < answerWaitMs
        ? { ...behaviour, clientRequest: { ...request, timeoutMs: answerWaitMs } }
        : behaviour;
    const cases = raised.cases;
    return Array.isArray(cases) ? { ...raised, cases: cases.map((c) => raise(c as Record<string, unknown>)) } : raised;
  };
  const tools = (server as { tools?: unknown }).tools;
  return Array.isArray(tools) ? ({ ...server, tools: tools.map((t) => raise(t as Record<string, unknown>)) } as T) : server;
}
