// The public shapes of the mock server kit that refer to one another: a handler's context names its
// connection and server, the server holds handlers, the connection hosts contexts. They live in one
// type-only module so that the implementations import them without importing each other.
import type { Implementation, JsonRpcNotification, JsonRpcRequest, RequestId } from '../../wire/protocol/index.js';
import type { Revision } from '../../schema/revisions.js';
import type { LoggingLevel } from './log-levels.js';
import type { ReplyValue } from './reply.js';
import type { Recorder } from './recorder.js';
import type { CacheHints } from './stateless-meta.js';

export interface RequestContext {
  readonly request: JsonRpcRequest;
  readonly method: string;
  /** The request params; `{}` when the request had none. */
  readonly params: Record<string, unknown>;
  /** The revision this request is served at (negotiated, or named in its `_meta` for 2026-07-28). */
  readonly revision: Revision;
  /** True for 2026-07-28 and later: per-request `_meta`, no server-initiated requests. */
  readonly stateless: boolean;
  readonly clientCapabilities: Record<string, unknown>;
  readonly clientInfo: Implementation | undefined;
  /** The level the client asked log messages for (setLevel or `_meta`), if any. */
  readonly logLevel: LoggingLevel | undefined;
  readonly progressToken: RequestId | undefined;
  /** Aborted when the client cancels the request or the connection closes. */
  readonly signal: AbortSignal;
  readonly connection: ServerConnection;
  readonly server: MockServer;
  /** Whether the client declared a capability (dotted path, e.g. `sampling`, `elicitation.form`). */
  hasClientCapability(path: string): boolean;
  /** Waits, rejecting as soon as the request is cancelled. */
  delay(ms: number): Promise<void>;
  /**
   * Sends `notifications/progress` if the request carried a progress token. Values that do not
   * increase are skipped (the spec requires progress to increase). Returns whether it was sent.
   */
  progress(progress: number, total?: number, message?: string): boolean;
  /** Sends `notifications/message` if the server declares logging and the client's level lets it through. */
  log(level: LoggingLevel, data: unknown, logger?: string): boolean;
  /** Sends a notification tied to this request; dropped once the request is answered or cancelled. */
  notify(method: string, params?: Record<string, unknown>): boolean;
  /**
   * Sends a request to the client (stateful revisions only) and resolves with its result. Rejects
   * with ProtocolError for an error answer, with ClientRequestError when the revision or the client's
   * capabilities do not allow the request or no answer came in time, and when this request is cancelled.
   */
  requestClient(method: string, params?: Record<string, unknown>, options?: ClientRequestOptions): Promise<Record<string, unknown>>;
  /** Asks the transport for something only it can do about this request; returns whether it did. */
  transport(directive: { kind: 'drop-stream'; retryMs?: number } | { kind: 'end-session' }): boolean;
  /** The headers of the HTTP request that carried this request (2026-07-28 over HTTP only), names lower-cased. */
  readonly httpHeaders: Readonly<Record<string, string>> | undefined;
}

export interface ClientRequestOptions {
  timeoutMs?: number;
  /**
   * Send even when the client did not declare the capability the method needs: a test of how the
   * client refuses it. A conforming server never does this.
   */
  ignoreCapabilities?: boolean;
}

export interface NotificationContext {
  readonly notification: JsonRpcNotification;
  readonly method: string;
  readonly params: Record<string, unknown>;
  readonly connection: ServerConnection;
  readonly server: MockServer;
}

/** One request being served; owned by the connection. */
export interface InFlight {
  readonly request: JsonRpcRequest;
  readonly controller: AbortController;
  /** initialize cannot be cancelled (basic/utilities/cancellation). */
  readonly cancellable: boolean;
  /** Answered, cancelled or closed: nothing more may be sent for it. */
  done: boolean;
  lastProgress: number | undefined;
}

/** The privileged operations a context needs from its connection. */
export interface ContextHost {
  readonly connection: ServerConnection;
  readonly server: MockServer;
  serverCapabilities(revision: Revision): Record<string, unknown>;
  emitFor(entry: InFlight, message: Record<string, unknown>): boolean;
  requestClient(
    entry: InFlight,
    revision: Revision,
    clientCapabilities: Record<string, unknown>,
    method: string,
    params: Record<string, unknown> | undefined,
    timeoutMs: number | undefined,
    ignoreCapabilities?: boolean,
  ): Promise<Record<string, unknown>>;
  transport(directive: TransportDirective): boolean;
  readonly httpHeaders: Readonly<Record<string, string>> | undefined;
}

export type RequestMatcher = string | ((request: JsonRpcRequest, ctx: RequestContext) => boolean);

export type NotificationMatcher = string | ((notification: JsonRpcNotification, ctx: NotificationContext) => boolean);

export type Resolver = (ctx: RequestContext) => ReplyValue | Promise<ReplyValue>;

export type NotificationListener = (ctx: NotificationContext) => void;

export interface HandlerOptions {
  /** Answer (or observe) only the first matching message, then step aside until restoreHandlers(). */
  once?: boolean;
}

export interface RequestHandler {
  readonly kind: 'request';
  readonly matcher: RequestMatcher;
  readonly resolve: Resolver;
  readonly once: boolean;
  /** True once a `once` handler has answered. */
  used: boolean;
  /** Human label for messages: the method, or "predicate". */
  readonly label: string;
}

export interface NotificationHandler {
  readonly kind: 'notification';
  readonly matcher: NotificationMatcher;
  readonly listen: NotificationListener;
  readonly once: boolean;
  used: boolean;
  readonly label: string;
}

export type Handler = RequestHandler | NotificationHandler;

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
  /**
   * Tasks extension: of the task ids a subscriptions/listen lists (from a request declaring the
   * extension), those the server agrees to push notifications/tasks for (default: none).
   */
  taskIds?: (requested: readonly string[]) => string[];
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
  /** The headers of the HTTP request that carries this connection's messages (2026-07-28 over HTTP), names lower-cased. */
  httpHeaders?: Readonly<Record<string, string>>;
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
  /** Tasks extension: notifications/tasks with this task (a DetailedTask) to the listen streams that agreed to follow it. */
  taskStatus(task: Record<string, unknown> & { taskId: string }): number;
  capabilitiesFor(revision: Revision): Record<string, unknown>;
  /** Closes every connection. */
  close(): void;
}

export type HandshakePhase = 'new' | 'initializing' | 'operating';

/** A read-only view of a connection's state, for assertions and for handlers. */
export interface ConnectionState {
  /** Stateful handshake: `new` before initialize is answered, `initializing` until notifications/initialized. */
  readonly phase: HandshakePhase;
  /** The revision negotiated by initialize (stateful revisions only). */
  readonly revision: Revision | undefined;
  readonly clientInfo: Implementation | undefined;
  readonly clientCapabilities: Record<string, unknown>;
  /** The level set with logging/setLevel (stateful revisions). */
  readonly logLevel: LoggingLevel | undefined;
  /** Resource URIs subscribed with resources/subscribe (stateful revisions). */
  readonly subscriptions: ReadonlySet<string>;
  /** Open subscriptions/listen streams (2026-07-28), keyed by the request id. */
  readonly listens: ReadonlyMap<string, ListenStream>;
  /** Requests received and not yet answered, cancelled or closed. */
  readonly inFlight: number;
}

export interface ListenStream {
  id: RequestId;
  /** The subset of the requested filter the server agreed to honour (the acknowledgement). */
  notifications: {
    toolsListChanged?: true;
    promptsListChanged?: true;
    resourcesListChanged?: true;
    resourceSubscriptions?: string[];
    /** Tasks extension: the task ids whose status notifications the stream gets. */
    taskIds?: string[];
  };
}

export interface ServerConnection {
  readonly id: number;
  readonly closed: boolean;
  readonly state: ConnectionState;
  /** Delivers one parsed JSON value from the client (an object, or an array for a batch). */
  receive(message: unknown): void;
  /** Delivers one line of text: blank lines are ignored, text that is not JSON gets -32700. */
  receiveText(text: string): void;
  /** Reports input that could not be read as JSON at all (e.g. an overlong line): answers -32700. */
  reportUnparsable(reason: string): void;
  /** Ends the connection: in-flight requests are aborted and never answered. */
  close(): void;
}
