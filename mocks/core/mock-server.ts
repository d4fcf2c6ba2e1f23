// The transport-agnostic mock MCP server: an ordered list of handlers (with msw-style use/reset),
// interceptors that can plant one defect, a recorder, and any number of client connections.
import type { Implementation, JsonRpcRequest } from '../../wire/protocol/index.js';
import { compareRevisions, isStateless, REVISIONS, type Revision } from '../../schema/revisions.js';
import { Connection, type ServerCore } from './connection.js';
import { MessageRecorder } from './recorder.js';
import { reply, type ReplyValue } from './reply.js';
import type { CacheHints } from './stateless-meta.js';
import type {
  ConnectOptions,
  Handler,
  InterceptHooks,
  MockLogger,
  MockServer,
  MockServerOptions,
  OutgoingInterceptInfo,
  RequestContext,
  ServerConnection,
  UnhandledRequest,
} from './contracts.js';

export type {
  UnhandledStrategy,
  MockServerOptions,
  MockLogger,
  InterceptInfo,
  OutgoingInterceptInfo,
  InterceptHooks,
  TransportDirective,
  ConnectOptions,
  UnhandledRequest,
  MockServer,
} from './contracts.js';

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
    const connection = new Connection(this.nextConnectionId++, this, send, options.onTransport, options.httpHeaders);
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

  taskStatus(task: Record<string, unknown> & { taskId: string }): number {
    let sent = 0;
    for (const c of this.connections) sent += c.notifyTaskStatus(task);
    return sent;
  }

  agreeTaskIds(requested: readonly string[]): string[] {
    return this.options.taskIds ? this.options.taskIds(requested).filter((id) => requested.includes(id)) : [];
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

/** Creates a mock MCP server from an ordered list of handlers; serve it with an adapter (stdio, HTTP, in memory, SDK transport, fetch). */
export function createMockServer(options: MockServerOptions): MockServer {
  return new MockServerImpl(options);
}
