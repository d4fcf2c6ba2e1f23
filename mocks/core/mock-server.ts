// The transport-agnostic mock MCP server: an ordered list of handlers (with msw-style use/reset),
// interceptors that can plant one defect, a recorder, and any number of client connections.
import type { Implementation, JsonRpcRequest, RequestId } from '../../wire/protocol/index.js';
import { compareRevisions, isStateless, REVISIONS, type Revision } from '../../schema/revisions.js';
import { Connection, type ServerConnection } from './connection.js';
import type { Handler } from './handlers.js';
import { MessageRecorder, type Recorder } from './recorder.js';
import { reply, type ReplyValue } from './reply.js';
import type { RequestContext } from './request-context.js';
import type { CacheHints } from './stateless-meta.js';

/**
 * What happens to a request no handler answers. Every strategy answers -32601 (method not found);
 * `warn` and `error` also report it (the latter is meant to fail tests that check `unhandled`), and
 * a callback may answer it itself.
 */
export type UnhandledStrategy = 'silent' | 'warn' | 'error' | ((ctx: RequestContext) => ReplyValue | Promise<ReplyValue>);

export interface MockServerOptions {
  /** serverInfo of initialize results and of 2026-07-28 `_meta`; `title` is sent from 2025-06-18 on. */
  serverInfo: Implementation & { title?: string };
  /** Revisions the server speaks (default: all). Stateful and stateless ones can be mixed. */
  revisions?: readonly Revision[];
  /** Capabilities to advertise, per revision. Methods of undeclared capabilities answer -32601. */
  capabilities?: Record<string, unknown> | ((revision: Revision) => Record<string, unknown>);
  instructions?: string | ((revision: Revision) => string | undefined);
  /** The initial handlers (what resetHandlers() returns to). */
  handlers?: readonly Handler[];
  onUnhandledRequest?: UnhandledStrategy;
  /** Bound on waiting for the client's answer to a server-to-client request (default 10000 ms). */
  clientRequestTimeoutMs?: number;
  /** Cache hints added to 2026-07-28 cacheable results that carry none (default 0 ms, public). */
  cacheHints?: Partial<CacheHints>;
  /** Keep a record of every message (default true, at most 10000 messages). */
  record?: boolean | { max: number };
  /** Where reports go (unhandled requests, handler crashes); default: console (stderr). */
  logger?: MockLogger;
}

export interface MockLogger {
  warn(message: string): void;
  error(message: string): void;
}

export interface InterceptInfo {
  connection: ServerConnection;
}

export interface OutgoingInterceptInfo extends InterceptInfo {
  /** The request this message answers (single responses only). */
  inReplyTo?: JsonRpcRequest;
}

/**
 * Hooks that see every message on its way in (before any processing) or out (after the server
 * built it). Return nothing to pass the message on unchanged, or an array of messages to send
 * instead: `[]` drops it, `[changed]` replaces it, `[m, m]` duplicates it.
 */
export interface InterceptHooks {
  incoming?(message: unknown, info: InterceptInfo): unknown[] | void;
  outgoing?(message: Record<string, unknown> | Record<string, unknown>[], info: OutgoingInterceptInfo): unknown[] | void;
}

/**
 * Something only the transport can do, asked for by a handler: close the connection carrying a
 * request's answer without ending its stream (the answer is kept for resumption), or end the HTTP
 * session once a request is answered (later requests get 404). Transports without the notion ignore it.
 */
export type TransportDirective = { kind: 'drop-stream'; requestId: RequestId; retryMs?: number } | { kind: 'end-session'; requestId: RequestId };

export interface ConnectOptions {
  /** Returns whether the transport carried the directive out. */
  onTransport?: (directive: TransportDirective) => boolean;
}

export interface UnhandledRequest {
  connection: number;
  method: string;
  params: Record<string, unknown>;
  revision: Revision;
}

export interface MockServer {
  /** Supported revisions, oldest first. */
  readonly revisions: readonly Revision[];
  readonly recorder: Recorder;
  /** Requests that no handler answered (strategies `warn` and `error`). */
  readonly unhandled: readonly UnhandledRequest[];
  readonly connections: ReadonlySet<ServerConnection>;
  /**
   * Opens a connection; `send` receives every message for the client (an array for a batch answer).
   * `onTransport` receives the transport directives of its handlers (drop a stream, end the session).
   */
  connect(send: (message: object) => void, options?: ConnectOptions): ServerConnection;
  /** Prepends handlers: they take precedence over everything registered before. */
  use(...handlers: Handler[]): void;
  /** Drops the handlers added with use(); with arguments, they also replace the initial handlers. */
  resetHandlers(...next: Handler[]): void;
  /** Makes `once` handlers answer again. */
  restoreHandlers(): void;
  listHandlers(): readonly Handler[];
  /** Adds interceptor hooks; returns a function that removes them. */
  intercept(hooks: InterceptHooks): () => void;
  /** Tells subscribers (resources/subscribe, or subscriptions/listen) that a resource changed. */
  resourceUpdated(uri: string): number;
  /** Sends list_changed where the capabilities declare it and the client listens. */
  listChanged(list: 'tools' | 'prompts' | 'resources'): number;
  capabilitiesFor(revision: Revision): Record<string, unknown>;
  /** Closes every connection. */
  close(): void;
}

/** What a connection needs from its server; not part of the public API. */
export interface ServerCore {
  readonly server: MockServer;
  readonly statefulRevisions: readonly Revision[];
  readonly statelessRevisions: readonly Revision[];
  /** Every supported revision, newest first (discovery and -32022 data). */
  readonly supportedVersions: string[];
  readonly cacheHints: CacheHints;
  readonly clientRequestTimeoutMs: number;
  readonly logger: MockLogger;
  handlers(): readonly Handler[];
  capabilitiesFor(revision: Revision): Record<string, unknown>;
  serverInfoFor(revision: Revision): Implementation;
  instructionsFor(revision: Revision): string | undefined;
  resolveUnhandled(ctx: RequestContext): ReplyValue | Promise<ReplyValue>;
  record(connection: number, direction: 'in' | 'out', message: unknown): void;
  interceptIncoming(message: unknown, connection: ServerConnection): unknown[];
  interceptOutgoing(message: Record<string, unknown> | Record<string, unknown>[], connection: ServerConnection, inReplyTo?: JsonRpcRequest): unknown[];
  detach(connection: Connection): void;
}

const consoleLogger: MockLogger = {
  warn: (message) => console.warn(message),
  error: (message) => console.error(message),
};

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

class MockServerImpl implements MockServer, ServerCore {
  readonly revisions: readonly Revision[];
  readonly statefulRevisions: readonly Revision[];
  readonly statelessRevisions: readonly Revision[];
  readonly supportedVersions: string[];
  readonly cacheHints: CacheHints;
  readonly clientRequestTimeoutMs: number;
  readonly logger: MockLogger;
  readonly recorder: MessageRecorder;
  readonly unhandled: UnhandledRequest[] = [];
  readonly connections = new Set<Connection>();

  private initial: Handler[];
  private runtime: Handler[] = [];
  private chain: readonly Handler[];
  private interceptors: InterceptHooks[] = [];
  private nextConnectionId = 1;
  private readonly capabilityCache = new Map<Revision, Record<string, unknown>>();
  private readonly infoCache = new Map<Revision, Implementation>();

  constructor(private readonly options: MockServerOptions) {
    const chosen = options.revisions ?? REVISIONS;
    if (chosen.length === 0) throw new Error('Failed to create a mock server: `revisions` is empty. Name at least one revision it speaks.');
    for (const r of chosen) {
      if (!(REVISIONS as readonly string[]).includes(r)) {
        throw new Error(`Failed to create a mock server: "${String(r)}" is not a known revision. Known: ${REVISIONS.join(', ')}.`);
      }
    }
    this.revisions = REVISIONS.filter((r) => chosen.includes(r));
    this.statefulRevisions = this.revisions.filter((r) => !isStateless(r));
    this.statelessRevisions = this.revisions.filter((r) => isStateless(r));
    this.supportedVersions = [...this.revisions].sort((a, b) => compareRevisions(b, a));
    this.cacheHints = { ttlMs: options.cacheHints?.ttlMs ?? 0, cacheScope: options.cacheHints?.cacheScope ?? 'public' };
    this.clientRequestTimeoutMs = options.clientRequestTimeoutMs ?? 10_000;
    this.logger = options.logger ?? consoleLogger;
    const rec = options.record ?? true;
    this.recorder = new MessageRecorder(rec !== false, typeof rec === 'object' ? rec.max : 10_000);
    this.initial = [...(options.handlers ?? [])];
    this.chain = this.initial;
  }

  get server(): MockServer {
    return this;
  }

  connect(send: (message: object) => void, options: ConnectOptions = {}): ServerConnection {
    const connection = new Connection(this.nextConnectionId++, this, send, options.onTransport);
    this.connections.add(connection);
    return connection;
  }

  use(...handlers: Handler[]): void {
    this.runtime = [...handlers, ...this.runtime];
    this.chain = [...this.runtime, ...this.initial];
  }

  resetHandlers(...next: Handler[]): void {
    this.runtime = [];
    if (next.length > 0) this.initial = [...next];
    this.chain = this.initial;
  }

  restoreHandlers(): void {
    for (const h of this.chain) h.used = false;
  }

  listHandlers(): readonly Handler[] {
    return this.chain;
  }

  handlers(): readonly Handler[] {
    return this.chain;
  }

  intercept(hooks: InterceptHooks): () => void {
    this.interceptors.push(hooks);
    return () => {
      this.interceptors = this.interceptors.filter((h) => h !== hooks);
    };
  }

  resourceUpdated(uri: string): number {
    let sent = 0;
    for (const c of this.connections) sent += c.notifyResourceUpdated(uri);
    return sent;
  }

  listChanged(list: 'tools' | 'prompts' | 'resources'): number {
    let sent = 0;
    for (const c of this.connections) sent += c.notifyListChanged(list);
    return sent;
  }

  capabilitiesFor(revision: Revision): Record<string, unknown> {
    let caps = this.capabilityCache.get(revision);
    if (!caps) {
      const source = this.options.capabilities ?? {};
      caps = typeof source === 'function' ? source(revision) : source;
      this.capabilityCache.set(revision, caps);
    }
    return caps;
  }

  serverInfoFor(revision: Revision): Implementation {
    let info = this.infoCache.get(revision);
    if (!info) {
      const { name, version, title } = this.options.serverInfo;
      // `title` arrived with BaseMetadata in 2025-06-18.
      info = title !== undefined && compareRevisions(revision, '2025-06-18') >= 0 ? { name, version, title } : { name, version };
      this.infoCache.set(revision, info);
    }
    return info;
  }

  instructionsFor(revision: Revision): string | undefined {
    const source = this.options.instructions;
    return typeof source === 'function' ? source(revision) : source;
  }

  resolveUnhandled(ctx: RequestContext): ReplyValue | Promise<ReplyValue> {
    const strategy = this.options.onUnhandledRequest ?? 'warn';
    const notFound = reply.error(-32601, `Method not found: ${ctx.method}`);
    if (typeof strategy === 'function') {
      const out = strategy(ctx);
      if (out instanceof Promise) return out.then((value) => value ?? notFound);
      return out ?? notFound;
    }
    if (strategy !== 'silent') {
      this.unhandled.push({ connection: ctx.connection.id, method: ctx.method, params: ctx.params, revision: ctx.revision });
      const text =
        `[mcp-conform mock] Failed to answer request "${ctx.method}" (connection ${ctx.connection.id}, revision ${ctx.revision}, params ${preview(ctx.params)}): ` +
        `no handler matches it, so it got -32601. Add one: server.use(mcp.request('${ctx.method}', (ctx) => ({ /* result */ })))`;
      if (strategy === 'error') this.logger.error(text);
      else this.logger.warn(text);
    }
    return notFound;
  }

  record(connection: number, direction: 'in' | 'out', message: unknown): void {
    this.recorder.record(connection, direction, message);
  }

  interceptIncoming(message: unknown, connection: ServerConnection): unknown[] {
    let list: unknown[] = [message];
    for (const hooks of this.interceptors) {
      if (!hooks.incoming) continue;
      list = list.flatMap((m) => hooks.incoming!(m, { connection }) ?? [m]);
    }
    return list;
  }

  interceptOutgoing(message: Record<string, unknown> | Record<string, unknown>[], connection: ServerConnection, inReplyTo?: JsonRpcRequest): unknown[] {
    let list: unknown[] = [message];
    for (const hooks of this.interceptors) {
      if (!hooks.outgoing) continue;
      const info: OutgoingInterceptInfo = inReplyTo ? { connection, inReplyTo } : { connection };
      list = list.flatMap((m) => hooks.outgoing!(m as Record<string, unknown>, info) ?? [m]);
    }
    return list;
  }

  detach(connection: Connection): void {
    this.connections.delete(connection);
  }

  close(): void {
    for (const c of [...this.connections]) c.close();
  }
}

export function createMockServer(options: MockServerOptions): MockServer {
  return new MockServerImpl(options);
}
