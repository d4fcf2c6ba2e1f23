// The context a resolver works with: the request, the revision it is served at, the client's
// capabilities, and request-scoped behaviours (delay, progress, logging, asking the client).
import type { Implementation, JsonRpcNotification, JsonRpcRequest, RequestId } from '../../wire/protocol/index.js';
import type { Revision } from '../../schema/revisions.js';
import { passesLevel, type LoggingLevel } from './log-levels.js';
import type { ServerConnection } from './connection.js';
import type { MockServer, TransportDirective } from './mock-server.js';
import { hasCapability, progressHasMessage } from './revision-rules.js';

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

/** Why a server-to-client request could not be made or was not answered. */
export class ClientRequestError extends Error {
  constructor(
    message: string,
    readonly reason: 'not-allowed' | 'missing-capability' | 'timeout' | 'closed',
  ) {
    super(message);
    this.name = 'ClientRequestError';
  }
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
}

export class RequestContextImpl implements RequestContext {
  readonly method: string;
  readonly stateless: boolean;

  constructor(
    private readonly host: ContextHost,
    private readonly entry: InFlight,
    readonly params: Record<string, unknown>,
    readonly revision: Revision,
    stateless: boolean,
    readonly clientCapabilities: Record<string, unknown>,
    readonly clientInfo: Implementation | undefined,
    readonly logLevel: LoggingLevel | undefined,
  ) {
    this.method = entry.request.method;
    this.stateless = stateless;
  }

  get request(): JsonRpcRequest {
    return this.entry.request;
  }

  get signal(): AbortSignal {
    return this.entry.controller.signal;
  }

  get connection(): ServerConnection {
    return this.host.connection;
  }

  get server(): MockServer {
    return this.host.server;
  }

  get progressToken(): RequestId | undefined {
    const meta = this.params._meta;
    if (typeof meta !== 'object' || meta === null) return undefined;
    const token = (meta as Record<string, unknown>).progressToken;
    return typeof token === 'string' || (typeof token === 'number' && Number.isFinite(token)) ? token : undefined;
  }

  hasClientCapability(path: string): boolean {
    return hasCapability(this.clientCapabilities, path);
  }

  delay(ms: number): Promise<void> {
    const signal = this.signal;
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal.reason);
      };
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  progress(progress: number, total?: number, message?: string): boolean {
    const token = this.progressToken;
    if (token === undefined || !Number.isFinite(progress)) return false;
    if (this.entry.lastProgress !== undefined && progress <= this.entry.lastProgress) return false;
    const params: Record<string, unknown> = { progressToken: token, progress };
    if (total !== undefined) params.total = total;
    if (message !== undefined && progressHasMessage(this.revision)) params.message = message;
    const sent = this.host.emitFor(this.entry, { jsonrpc: '2.0', method: 'notifications/progress', params });
    if (sent) this.entry.lastProgress = progress;
    return sent;
  }

  log(level: LoggingLevel, data: unknown, logger?: string): boolean {
    // 2026-07-28: without a logLevel in the request's _meta, no log messages at all; stateful: none
    // until the client sets a level, which keeps conversations free of unrequested notifications.
    if (this.logLevel === undefined || !passesLevel(level, this.logLevel)) return false;
    if (!hasCapability(this.host.serverCapabilities(this.revision), 'logging')) return false;
    const params: Record<string, unknown> = { level, data };
    if (logger !== undefined) params.logger = logger;
    return this.host.emitFor(this.entry, { jsonrpc: '2.0', method: 'notifications/message', params });
  }

  notify(method: string, params?: Record<string, unknown>): boolean {
    return this.host.emitFor(this.entry, { jsonrpc: '2.0', method, ...(params !== undefined ? { params } : {}) });
  }

  requestClient(method: string, params?: Record<string, unknown>, options: ClientRequestOptions = {}): Promise<Record<string, unknown>> {
    return this.host.requestClient(this.entry, this.revision, this.clientCapabilities, method, params, options.timeoutMs, options.ignoreCapabilities);
  }

  transport(directive: { kind: 'drop-stream'; retryMs?: number } | { kind: 'end-session' }): boolean {
    return this.host.transport({ ...directive, requestId: this.entry.request.id });
  }
}
