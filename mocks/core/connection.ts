// One client connection to a mock server: JSON-RPC validation, batches, the stateful handshake or
// the stateless `_meta` rules, dispatch to handlers, cancellation, and server-to-client requests.
// Protocol modules are imported one by one, not through their index: a stdio server process loads
// only what it uses (every cell of a stdio run starts one).
import { classify, idKey, isRequestId, type JsonRpcNotification, type JsonRpcRequest, type RequestId } from '../../wire/protocol/json-rpc.js';
import type { Implementation } from '../../wire/protocol/wire.js';
import { compareRevisions, type Revision } from '../../schema/revisions.js';
import { notificationMatches, requestMatches } from './handlers.js';
import { isLoggingLevel, type LoggingLevel } from './log-levels.js';
import { ProtocolError, Reply, RequestAbortedError, reply, type ReplyValue } from './reply.js';
import { ClientRequestError, RequestContextImpl } from './request-context.js';
import { declaresTasksExtension, missingTasksExtension } from './tasks-extension.js';
import {
  batchesAllowed,
  clientAcceptsFormElicitation,
  clientRequestsOf,
  hasCapability,
  isKnownClientRequest,
  serverCapabilityFor,
  serverRequestCapability,
} from './revision-rules.js';
import { carriesProtocolVersion, decorateStatelessResult, isObject, readStatelessMeta } from './stateless-meta.js';
import type { CacheHints } from './stateless-meta.js';
import type {
  ConnectionState,
  ContextHost,
  Handler,
  HandshakePhase,
  InFlight,
  ListenStream,
  MockLogger,
  MockServer,
  NotificationContext,
  RequestContext,
  ServerConnection,
  TransportDirective,
} from './contracts.js';

export type { HandshakePhase, ConnectionState, ListenStream, ServerConnection } from './contracts.js';

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
  /** Tasks extension: the listed task ids the server follows on a listen stream (none by default). */
  agreeTaskIds(requested: readonly string[]): string[];
  serverInfoFor(revision: Revision): Implementation;
  instructionsFor(revision: Revision): string | undefined;
  resolveUnhandled(ctx: RequestContext): ReplyValue | Promise<ReplyValue>;
  record(connection: number, direction: 'in' | 'out', message: unknown): void;
  interceptIncoming(message: unknown, connection: ServerConnection): unknown[];
  interceptOutgoing(message: Record<string, unknown> | Record<string, unknown>[], connection: ServerConnection, inReplyTo?: JsonRpcRequest): unknown[];
  detach(connection: Connection): void;
}

interface Route {
  revision: Revision;
  stateless: boolean;
  clientCapabilities: Record<string, unknown>;
  clientInfo: Implementation | undefined;
  logLevel: LoggingLevel | undefined;
}

/** Where the responses of one incoming unit (a single message or a batch) go. */
interface Sink {
  expect(): void;
  reply(response: Record<string, unknown>, request: JsonRpcRequest | undefined): void;
  skip(): void;
}

interface Running {
  entry: InFlight;
  sink: Sink;
  sinkSettled: boolean;
}

interface PendingClientRequest {
  resolve(result: Record<string, unknown>): void;
  reject(error: Error): void;
}

function errorResponse(id: RequestId | null, code: number, message: string, data?: unknown): Record<string, unknown> {
  return { jsonrpc: '2.0', id, error: { code, message, ...(data !== undefined ? { data } : {}) } };
}

function isPromiseLike<T>(value: unknown): value is PromiseLike<T> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

export class Connection implements ServerConnection, ContextHost {
  closed = false;
  phase: HandshakePhase = 'new';
  revision: Revision | undefined;
  clientInfo: Implementation | undefined;
  clientCapabilities: Record<string, unknown> = {};
  logLevel: LoggingLevel | undefined;
  readonly subscriptions = new Set<string>();
  readonly listens = new Map<string, ListenStream>();

  private initializeSeen = false;
  private readonly running = new Map<string, Running>();
  private readonly pendingClient = new Map<string, PendingClientRequest>();
  private nextClientRequestId = 1;
  private readonly direct: Sink;

  constructor(
    readonly id: number,
    private readonly core: ServerCore,
    private readonly send: (message: object) => void,
    private readonly onTransport?: (directive: TransportDirective) => boolean,
    readonly httpHeaders: Readonly<Record<string, string>> | undefined = undefined,
  ) {
    this.direct = { expect: () => undefined, reply: (response, request) => this.emit(response, request), skip: () => undefined };
  }

  get connection(): ServerConnection {
    return this;
  }

  get server(): MockServer {
    return this.core.server;
  }

  get state(): ConnectionState {
    return {
      phase: this.phase,
      revision: this.revision,
      clientInfo: this.clientInfo,
      clientCapabilities: this.clientCapabilities,
      logLevel: this.logLevel,
      subscriptions: this.subscriptions,
      listens: this.listens,
      inFlight: this.running.size,
    };
  }

  // ---- input --------------------------------------------------------------------------------

  receive(message: unknown): void {
    if (this.closed) return;
    this.core.record(this.id, 'in', message);
    for (const m of this.core.interceptIncoming(message, this)) this.dispatch(m);
  }

  receiveText(text: string): void {
    if (this.closed || text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      this.core.record(this.id, 'in', text);
      this.emit(errorResponse(null, -32700, `Parse error: ${(err as Error).message}`));
      return;
    }
    this.receive(value);
  }

  reportUnparsable(reason: string): void {
    if (this.closed) return;
    this.emit(errorResponse(null, -32700, `Parse error: ${reason}`));
  }

  private dispatch(message: unknown): void {
    if (Array.isArray(message)) this.batch(message);
    else this.single(message, this.direct);
  }

  private batch(elements: unknown[]): void {
    // Batches exist only in 2025-03-26, so they follow the negotiated revision; before initialize
    // (and on stateless requests) there is no revision that allows them.
    if (this.phase === 'new' || !batchesAllowed(this.revision)) {
      const where = this.phase === 'new' ? 'before initialization' : `in revision ${this.revision}`;
      this.emit(errorResponse(null, -32600, `Invalid Request: JSON-RPC batches are not supported ${where}`));
      return;
    }
    if (elements.length === 0) {
      this.emit(errorResponse(null, -32600, 'Invalid Request: a batch must not be empty'));
      return;
    }
    const collected: Record<string, unknown>[] = [];
    let pending = 0;
    let dispatched = false;
    const flush = () => {
      if (dispatched && pending === 0 && collected.length > 0) this.emit(collected.splice(0));
    };
    const sink: Sink = {
      expect: () => void pending++,
      reply: (response) => {
        collected.push(response);
        pending--;
        flush();
      },
      skip: () => {
        pending--;
        flush();
      },
    };
    for (const element of elements) {
      if (Array.isArray(element)) {
        sink.expect();
        sink.reply(errorResponse(null, -32600, 'Invalid Request: batches cannot be nested'), undefined);
      } else this.single(element, sink);
    }
    dispatched = true;
    flush();
  }

  private single(message: unknown, sink: Sink): void {
    if (!isObject(message)) {
      sink.expect();
      sink.reply(errorResponse(null, -32600, 'Invalid Request: a message must be a JSON object'), undefined);
      return;
    }
    // Something shaped like a response is never answered, valid or not.
    if (!('method' in message) && ('result' in message || 'error' in message)) {
      this.onClientResponse(message);
      return;
    }
    const { kind, reason } = classify(message);
    if (kind === 'request') this.onRequest(message as unknown as JsonRpcRequest, sink);
    else if (kind === 'notification') this.onNotification(message as unknown as JsonRpcNotification);
    else {
      sink.expect();
      const id = isRequestId(message.id) ? message.id : null;
      sink.reply(errorResponse(id, -32600, `Invalid Request: ${reason ?? 'not a JSON-RPC message'}`), undefined);
    }
  }

  // ---- requests -----------------------------------------------------------------------------

  private onRequest(request: JsonRpcRequest, sink: Sink): void {
    sink.expect();
    const key = idKey(request.id);
    if (this.running.has(key)) {
      sink.reply(errorResponse(request.id, -32600, `Invalid Request: id ${JSON.stringify(request.id)} belongs to a request still in progress`), request);
      return;
    }
    if (request.params !== undefined && !isObject(request.params)) {
      sink.reply(errorResponse(request.id, -32602, 'Invalid params: MCP request params must be an object'), request);
      return;
    }
    const params = request.params ?? {};
    let route: Route;
    try {
      route = this.route(request.method, params);
    } catch (err) {
      const e = err instanceof ProtocolError ? err : new ProtocolError(-32603, `Internal error: ${(err as Error).message}`);
      sink.reply({ jsonrpc: '2.0', id: request.id, error: e.toJson() }, request);
      return;
    }
    const entry: InFlight = {
      request,
      controller: new AbortController(),
      cancellable: request.method !== 'initialize',
      done: false,
      lastProgress: undefined,
    };
    const run: Running = { entry, sink, sinkSettled: false };
    this.running.set(key, run);
    if (request.method === 'initialize') this.initializeSeen = true;
    const ctx = new RequestContextImpl(this, entry, params, route.revision, route.stateless, route.clientCapabilities, route.clientInfo, route.logLevel);
    let outcome: ReplyValue | PromiseLike<ReplyValue>;
    try {
      outcome = this.resolve(ctx, this.core.handlers(), 0);
    } catch (err) {
      this.fail(run, ctx, err);
      return;
    }
    if (isPromiseLike<ReplyValue>(outcome)) {
      outcome.then(
        (value) => this.finish(run, ctx, value),
        (err: unknown) => this.fail(run, ctx, err),
      );
    } else this.finish(run, ctx, outcome);
  }

  /** Decides at which revision (and in which era) a request is served, or refuses it. */
  private route(method: string, params: Record<string, unknown>): Route {
    const core = this.core;
    let route: Route;
    if (method === 'initialize') {
      if (core.statefulRevisions.length === 0) {
        // A modern-only server names the versions it speaks (basic/versioning, backward compatibility).
        throw new ProtocolError(
          -32022,
          `Unsupported protocol version: this server speaks only ${core.supportedVersions.join(', ')}, without the initialize handshake`,
          { requested: String(params.protocolVersion), supported: core.supportedVersions },
        );
      }
      if (this.initializeSeen) throw new ProtocolError(-32600, 'Invalid Request: initialize was already received on this connection');
      const requested = params.protocolVersion;
      const revision = core.statefulRevisions.find((r) => r === requested) ?? core.statefulRevisions[core.statefulRevisions.length - 1]!;
      const caps = isObject(params.capabilities) ? params.capabilities : {};
      const info = isObject(params.clientInfo) ? (params.clientInfo as Implementation) : undefined;
      return { revision, stateless: false, clientCapabilities: caps, clientInfo: info, logLevel: undefined };
    }
    if (core.statelessRevisions.length > 0 && carriesProtocolVersion(params)) route = this.statelessRoute(params);
    else if (this.phase !== 'new') route = this.statefulRoute();
    else if (method === 'ping' && core.statefulRevisions.length > 0) {
      // Ping is allowed before the handshake (basic/lifecycle); serve it at the newest stateful revision.
      route = {
        revision: core.statefulRevisions[core.statefulRevisions.length - 1]!,
        stateless: false,
        clientCapabilities: {},
        clientInfo: undefined,
        logLevel: undefined,
      };
    } else if (core.statelessRevisions.length > 0) route = this.statelessRoute(params, core.statefulRevisions.length > 0);
    else throw new ProtocolError(-32600, `Invalid Request: the server is not initialized; send initialize before ${method}`);

    if (isKnownClientRequest(method) && !clientRequestsOf(route.revision).has(method)) {
      throw new ProtocolError(-32601, `Method not found: ${method} does not exist in revision ${route.revision}`);
    }
    const needed = serverCapabilityFor(method, route.revision);
    if (needed !== undefined && !hasCapability(core.capabilitiesFor(route.revision), needed)) {
      throw new ProtocolError(-32601, `Method not found: ${method} (the server does not declare the ${needed} capability)`);
    }
    return route;
  }

  private statefulRoute(): Route {
    return { revision: this.revision!, stateless: false, clientCapabilities: this.clientCapabilities, clientInfo: this.clientInfo, logLevel: this.logLevel };
  }

  /** `beforeHandshake`: a dual-era server cannot tell a stateless request from one sent too early. */
  private statelessRoute(params: Record<string, unknown>, beforeHandshake = false): Route {
    let meta: ReturnType<typeof readStatelessMeta>;
    try {
      meta = readStatelessMeta(params);
    } catch (err) {
      if (beforeHandshake && err instanceof ProtocolError) {
        throw new ProtocolError(
          err.code,
          `${err.message}; for a stateful revision (${this.core.statefulRevisions.join(', ')}), send initialize first`,
          err.data,
        );
      }
      throw err;
    }
    const revision = this.core.statelessRevisions.find((r) => r === meta.protocolVersion);
    if (!revision) {
      throw new ProtocolError(-32022, 'Unsupported protocol version', {
        requested: meta.protocolVersion,
        supported: this.core.supportedVersions,
      });
    }
    return { revision, stateless: true, clientCapabilities: meta.clientCapabilities, clientInfo: meta.clientInfo, logLevel: meta.logLevel };
  }

  /** Runs the handler chain from index `i`: user handlers, then the built-in protocol methods. */
  private resolve(ctx: RequestContext, handlers: readonly Handler[], i: number): ReplyValue | PromiseLike<ReplyValue> {
    for (; i < handlers.length; i++) {
      const handler = handlers[i]!;
      if (handler.kind !== 'request' || !requestMatches(handler, ctx.request, ctx)) continue;
      if (handler.once) handler.used = true;
      const out = handler.resolve(ctx);
      if (isPromiseLike<ReplyValue>(out)) {
        const next = i + 1;
        return Promise.resolve(out).then((value) => (value === undefined ? this.resolve(ctx, handlers, next) : value));
      }
      if (out !== undefined) return out;
    }
    const builtin = this.builtin(ctx);
    if (builtin !== undefined) return builtin;
    return this.core.resolveUnhandled(ctx);
  }

  private finish(run: Running, ctx: RequestContext, value: ReplyValue): void {
    const { entry } = run;
    if (entry.done) return;
    const request = entry.request;
    let response: Record<string, unknown>;
    if (value instanceof Reply) {
      if (value.kind === 'none') {
        // Left open on purpose (a stream, or a hung server): still cancellable, never answered.
        this.settleSink(run);
        return;
      }
      response =
        value.kind === 'error'
          ? { jsonrpc: '2.0', id: request.id, error: value.error }
          : { jsonrpc: '2.0', id: request.id, result: this.completeResult(ctx, value.result ?? {}) };
    } else if (isObject(value)) {
      response = { jsonrpc: '2.0', id: request.id, result: this.completeResult(ctx, value) };
    } else {
      response = errorResponse(request.id, -32603, `Internal error: the handler for ${request.method} answered with ${typeof value}`);
    }
    entry.done = true;
    this.running.delete(idKey(request.id));
    if (request.method === 'initialize') this.afterInitialize(ctx, response);
    this.settleSink(run, response);
  }

  private fail(run: Running, ctx: RequestContext, err: unknown): void {
    if (run.entry.done) return;
    if (err instanceof ProtocolError) {
      this.finish(run, ctx, reply.error(err.code, err.message, err.data));
      return;
    }
    const message = err instanceof Error ? err.message : String(err);
    this.core.logger.error(`[mcp-conform mock] Failed to answer ${ctx.method} (id ${JSON.stringify(ctx.request.id)}): the handler threw: ${message}`);
    this.finish(run, ctx, reply.error(-32603, `Internal error: ${message}`));
  }

  private settleSink(run: Running, response?: Record<string, unknown>): void {
    if (run.sinkSettled) return;
    run.sinkSettled = true;
    if (response) run.sink.reply(response, run.entry.request);
    else run.sink.skip();
  }

  private completeResult(ctx: RequestContext, result: Record<string, unknown>): Record<string, unknown> {
    if (!ctx.stateless) return result;
    return decorateStatelessResult(ctx.method, result, this.core.serverInfoFor(ctx.revision), this.core.cacheHints);
  }

  private afterInitialize(ctx: RequestContext, response: Record<string, unknown>): void {
    const result = response.result;
    if (!isObject(result)) {
      this.initializeSeen = false;
      return;
    }
    const answered = this.core.statefulRevisions.find((r) => r === result.protocolVersion);
    this.revision = answered ?? ctx.revision;
    this.phase = 'initializing';
    this.clientCapabilities = ctx.clientCapabilities;
    this.clientInfo = ctx.clientInfo;
  }

  // ---- built-in protocol methods ------------------------------------------------------------

  private builtin(ctx: RequestContext): ReplyValue {
    switch (ctx.method) {
      case 'initialize':
        return this.initialize(ctx);
      case 'ping':
        return {};
      case 'logging/setLevel': {
        const level = ctx.params.level;
        if (!isLoggingLevel(level)) throw new ProtocolError(-32602, `Invalid params: ${JSON.stringify(level)} is not a logging level`);
        this.logLevel = level;
        return {};
      }
      case 'resources/subscribe':
      case 'resources/unsubscribe': {
        const uri = ctx.params.uri;
        if (typeof uri !== 'string') throw new ProtocolError(-32602, `Invalid params: ${ctx.method} needs a string uri`);
        if (ctx.method === 'resources/subscribe') this.subscriptions.add(uri);
        else this.subscriptions.delete(uri);
        return {};
      }
      case 'server/discover':
        return this.discover(ctx);
      case 'subscriptions/listen':
        return this.listen(ctx);
      default:
        return undefined;
    }
  }

  private initialize(ctx: RequestContext): ReplyValue {
    const p = ctx.params;
    if (typeof p.protocolVersion !== 'string') throw new ProtocolError(-32602, 'Invalid params: initialize needs a string protocolVersion');
    if (!isObject(p.capabilities)) throw new ProtocolError(-32602, 'Invalid params: initialize needs a capabilities object');
    const info = p.clientInfo;
    if (!isObject(info) || typeof info.name !== 'string' || typeof info.version !== 'string') {
      throw new ProtocolError(-32602, 'Invalid params: initialize needs clientInfo with a string name and version');
    }
    const instructions = this.core.instructionsFor(ctx.revision);
    return {
      protocolVersion: ctx.revision,
      capabilities: this.core.capabilitiesFor(ctx.revision),
      serverInfo: this.core.serverInfoFor(ctx.revision),
      ...(instructions !== undefined ? { instructions } : {}),
    };
  }

  private discover(ctx: RequestContext): ReplyValue {
    const instructions = this.core.instructionsFor(ctx.revision);
    return {
      supportedVersions: this.core.supportedVersions,
      capabilities: this.core.capabilitiesFor(ctx.revision),
      ...(instructions !== undefined ? { instructions } : {}),
    };
  }

  private listen(ctx: RequestContext): ReplyValue {
    const filter = ctx.params.notifications;
    if (!isObject(filter)) throw new ProtocolError(-32602, 'Invalid params: subscriptions/listen needs a notifications filter object');
    for (const flag of ['toolsListChanged', 'promptsListChanged', 'resourcesListChanged']) {
      if (filter[flag] !== undefined && typeof filter[flag] !== 'boolean')
        throw new ProtocolError(-32602, `Invalid params: notifications.${flag} must be a boolean`);
    }
    const uris = filter.resourceSubscriptions;
    if (uris !== undefined && !(Array.isArray(uris) && uris.every((u) => typeof u === 'string'))) {
      throw new ProtocolError(-32602, 'Invalid params: notifications.resourceSubscriptions must be an array of strings');
    }
    // Only what the client asked for and the capabilities back (basic/patterns/subscriptions).
    const caps = this.core.capabilitiesFor(ctx.revision);
    // Task status pushes belong to the tasks extension ("Task Status Notifications"): a server that
    // offers it refuses them with -32021 to a request that does not declare it. The mock core pushes
    // offers it refuses them with -32021 to a request that does not declare it. A declaring one gets
    // the ids the server agrees to follow (MockServerOptions.taskIds; none by default).
    const taskIds = filter.taskIds;
    if (taskIds !== undefined && declaresTasksExtension(caps) && !declaresTasksExtension(ctx.clientCapabilities)) {
      throw missingTasksExtension('task status notifications (notifications.taskIds)');
    }
    if (taskIds !== undefined && !(Array.isArray(taskIds) && taskIds.every((t) => typeof t === 'string'))) {
      throw new ProtocolError(-32602, 'Invalid params: notifications.taskIds must be an array of strings');
    }
    const honoured: ListenStream['notifications'] = {};
    if (filter.toolsListChanged === true && hasCapability(caps, 'tools.listChanged')) honoured.toolsListChanged = true;
    if (filter.promptsListChanged === true && hasCapability(caps, 'prompts.listChanged')) honoured.promptsListChanged = true;
    if (filter.resourcesListChanged === true && hasCapability(caps, 'resources.listChanged')) honoured.resourcesListChanged = true;
    if (Array.isArray(uris) && uris.length > 0 && hasCapability(caps, 'resources.subscribe')) honoured.resourceSubscriptions = [...(uris as string[])];
    const followed = Array.isArray(taskIds) && declaresTasksExtension(caps) ? this.core.agreeTaskIds(taskIds as string[]) : [];
    if (followed.length > 0) honoured.taskIds = followed;
    const id = ctx.request.id;
    this.listens.set(idKey(id), { id, notifications: honoured });
    // The acknowledgement is the first message carrying this subscription's id.
    this.emit({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: { _meta: { 'io.modelcontextprotocol/subscriptionId': id }, notifications: honoured },
    });
    return reply.none();
  }

  // ---- notifications ------------------------------------------------------------------------

  private onNotification(notification: JsonRpcNotification): void {
    const params = isObject(notification.params) ? notification.params : {};
    if (notification.method === 'notifications/initialized') {
      if (this.phase === 'initializing') this.phase = 'operating';
    } else if (notification.method === 'notifications/cancelled') {
      this.cancel(params.requestId, typeof params.reason === 'string' ? params.reason : undefined);
    }
    const handlers = this.core.handlers();
    if (handlers.length === 0) return;
    const ctx: NotificationContext = { notification, method: notification.method, params, connection: this, server: this.core.server };
    for (const handler of handlers) {
      if (handler.kind !== 'notification' || !notificationMatches(handler, notification, ctx)) continue;
      if (handler.once) handler.used = true;
      try {
        handler.listen(ctx);
      } catch (err) {
        this.core.logger.error(`[mcp-conform mock] Failed to handle notification ${notification.method}: the listener threw: ${(err as Error).message}`);
      }
    }
  }

  /** Cancellation of an unknown, finished or uncancellable request is ignored (basic/utilities/cancellation). */
  private cancel(requestId: unknown, reason: string | undefined): void {
    if (!isRequestId(requestId)) return;
    const key = idKey(requestId);
    const run = this.running.get(key);
    if (!run || !run.entry.cancellable) return;
    run.entry.done = true;
    this.running.delete(key);
    this.listens.delete(key);
    this.settleSink(run);
    run.entry.controller.abort(new RequestAbortedError('cancelled', reason));
  }

  // ---- output -------------------------------------------------------------------------------

  /** Sends a message through the outgoing interceptors to the client. */
  emit(message: Record<string, unknown> | Record<string, unknown>[], inReplyTo?: JsonRpcRequest): void {
    if (this.closed) return;
    for (const m of this.core.interceptOutgoing(message, this, inReplyTo)) {
      this.core.record(this.id, 'out', m);
      try {
        this.send(m as object);
      } catch (err) {
        this.core.logger.error(`[mcp-conform mock] Failed to send a message on connection ${this.id}: ${(err as Error).message}`);
      }
    }
  }

  emitFor(entry: InFlight, message: Record<string, unknown>): boolean {
    if (entry.done || this.closed) return false;
    this.emit(message);
    return true;
  }

  serverCapabilities(revision: Revision): Record<string, unknown> {
    return this.core.capabilitiesFor(revision);
  }

  requestClient(
    entry: InFlight,
    revision: Revision,
    clientCapabilities: Record<string, unknown>,
    method: string,
    params: Record<string, unknown> | undefined,
    timeoutMs: number | undefined,
    ignoreCapabilities = false,
  ): Promise<Record<string, unknown>> {
    if (entry.done || this.closed) return Promise.reject(new ClientRequestError(`Failed to send ${method}: the request it serves is over`, 'closed'));
    const needed = serverRequestCapability(revision, method);
    if (needed === undefined) {
      const hint = compareRevisions(revision, '2026-07-28') >= 0 ? '; ask for input with an input_required result instead' : '';
      return Promise.reject(new ClientRequestError(`Failed to send ${method}: servers cannot send it in revision ${revision}${hint}`, 'not-allowed'));
    }
    if (needed !== null && !ignoreCapabilities && !this.clientAllows(method, needed, revision, clientCapabilities, params)) {
      return Promise.reject(new ClientRequestError(`Failed to send ${method}: the client did not declare the ${needed} capability`, 'missing-capability'));
    }
    const id = this.nextClientRequestId++;
    const key = idKey(id);
    const bound = timeoutMs ?? this.core.clientRequestTimeoutMs;
    const signal = entry.controller.signal;
    return new Promise<Record<string, unknown>>((resolve, reject) => {
      const cleanup = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        this.pendingClient.delete(key);
      };
      const cancelAtClient = (reason: string) => this.emit({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason } });
      const onAbort = () => {
        cleanup();
        cancelAtClient('the request that needed it was cancelled');
        reject(signal.reason instanceof Error ? signal.reason : new RequestAbortedError('cancelled'));
      };
      const timer = setTimeout(() => {
        cleanup();
        cancelAtClient(`no answer within ${bound} ms`);
        reject(new ClientRequestError(`Failed to get an answer to ${method}: none arrived within ${bound} ms`, 'timeout'));
      }, bound);
      signal.addEventListener('abort', onAbort, { once: true });
      this.pendingClient.set(key, {
        resolve: (result) => {
          cleanup();
          resolve(result);
        },
        reject: (error) => {
          cleanup();
          reject(error);
        },
      });
      this.emit({ jsonrpc: '2.0', id, method, ...(params !== undefined ? { params } : {}) });
    });
  }

  transport(directive: TransportDirective): boolean {
    return this.onTransport?.(directive) ?? false;
  }

  private clientAllows(
    method: string,
    needed: string,
    revision: Revision,
    caps: Record<string, unknown>,
    params: Record<string, unknown> | undefined,
  ): boolean {
    if (method === 'elicitation/create' && compareRevisions(revision, '2025-11-25') >= 0) {
      return params?.mode === 'url' ? hasCapability(caps, 'elicitation.url') : clientAcceptsFormElicitation(caps);
    }
    return hasCapability(caps, needed);
  }

  private onClientResponse(message: Record<string, unknown>): void {
    if (classify(message).kind !== 'response') return;
    const pending = this.pendingClient.get(idKey(message.id as RequestId));
    if (!pending) return;
    if ('error' in message) {
      const e = message.error as { code: number; message: string; data?: unknown };
      pending.reject(new ProtocolError(e.code, e.message, e.data));
    } else pending.resolve(isObject(message.result) ? message.result : {});
  }

  // ---- broadcasts from the server -----------------------------------------------------------

  /** notifications/resources/updated to this connection's subscribers of `uri`; returns how many were sent. */
  notifyResourceUpdated(uri: string): number {
    let sent = 0;
    if (
      this.phase !== 'new' &&
      this.revision &&
      this.subscriptions.has(uri) &&
      hasCapability(this.core.capabilitiesFor(this.revision), 'resources.subscribe')
    ) {
      this.emit({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri } });
      sent++;
    }
    for (const stream of this.listens.values()) {
      if (!stream.notifications.resourceSubscriptions?.includes(uri)) continue;
      this.emit({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { _meta: { 'io.modelcontextprotocol/subscriptionId': stream.id }, uri } });
      sent++;
    }
    return sent;
  }

  /** notifications/tasks with the task to this connection's listen streams that follow its id. */
  notifyTaskStatus(task: Record<string, unknown> & { taskId: string }): number {
    let sent = 0;
    for (const stream of this.listens.values()) {
      if (!stream.notifications.taskIds?.includes(task.taskId)) continue;
      this.emit({ jsonrpc: '2.0', method: 'notifications/tasks', params: { ...task, _meta: { 'io.modelcontextprotocol/subscriptionId': stream.id } } });
      sent++;
    }
    return sent;
  }

  /** notifications/<list>/list_changed where the capabilities declare listChanged and the client listens. */
  notifyListChanged(list: 'tools' | 'prompts' | 'resources'): number {
    let sent = 0;
    const method = `notifications/${list}/list_changed`;
    if (this.phase !== 'new' && this.revision && hasCapability(this.core.capabilitiesFor(this.revision), `${list}.listChanged`)) {
      this.emit({ jsonrpc: '2.0', method });
      sent++;
    }
    const flag = `${list}ListChanged` as 'toolsListChanged' | 'promptsListChanged' | 'resourcesListChanged';
    for (const stream of this.listens.values()) {
      if (!stream.notifications[flag]) continue;
      this.emit({ jsonrpc: '2.0', method, params: { _meta: { 'io.modelcontextprotocol/subscriptionId': stream.id } } });
      sent++;
    }
    return sent;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    const runs = [...this.running.values()];
    this.running.clear();
    this.listens.clear();
    for (const run of runs) {
      run.entry.done = true;
      run.entry.controller.abort(new RequestAbortedError('closed'));
    }
    for (const pending of [...this.pendingClient.values()]) pending.reject(new ClientRequestError('the connection closed', 'closed'));
    this.pendingClient.clear();
    this.core.detach(this);
  }
}
