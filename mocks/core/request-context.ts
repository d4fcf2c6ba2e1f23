// The context a resolver works with: the request, the revision it is served at, the client's
// capabilities, and request-scoped behaviours (delay, progress, logging, asking the client).
import type { Implementation, JsonRpcRequest, RequestId } from '../../wire/protocol/index.js';
import type { Revision } from '../../schema/revisions.js';
import { passesLevel, type LoggingLevel } from './log-levels.js';
import { hasCapability, progressHasMessage } from './revision-rules.js';
import type { ClientRequestOptions, ContextHost, InFlight, MockServer, RequestContext, ServerConnection } from './contracts.js';

export type { RequestContext, ClientRequestOptions, NotificationContext, InFlight, ContextHost } from './contracts.js';

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

  get httpHeaders(): Readonly<Record<string, string>> | undefined {
    return this.host.httpHeaders;
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
