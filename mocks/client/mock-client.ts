// The mock client: drives any MCP server from code, over any runner Transport (stdio command,
// in-memory mock, HTTP), at one revision. It performs the revision's handshake, adds the
// 2026-07-28 per-request `_meta`, answers the server's requests from a script, records every
// message, and can list every schema violation and protocol anomaly the server committed.
import {
  initializeParams,
  isErrorResponse,
  META,
  Session,
  type ClientIdentity,
  type JsonRpcResponse,
  type PendingRequest,
  type ReplyScript,
  type RequestId,
  type Transport,
} from '../../wire/protocol/index.js';
import { StdioTransport } from '../../wire/transports/index.js';
import { isStateless, protocolValidator, type Revision } from '../../schema/index.js';

const DEFAULT_CLIENT: ClientIdentity = { clientInfo: { name: 'mcp-conform-mock-client', version: '1.0.0' }, capabilities: {} };

export interface MockClientOptions {
  /** The revision to speak (default 2025-11-25). Stateful revisions perform initialize on connect(). */
  revision?: Revision;
  clientInfo?: ClientIdentity['clientInfo'];
  capabilities?: Record<string, unknown>;
  /** Scripted answers to the server's requests, by method (ping is always answered). */
  replies?: ReplyScript;
  /** Bound on every wait for a response, in ms (default 5000). */
  timeoutMs?: number;
}

export interface RequestOptions {
  id?: RequestId;
  /** Stateless revisions: false sends no `_meta`; an object overrides members of the default one. */
  meta?: false | Record<string, unknown>;
}

/** A request the server answered with an error, or did not answer in time. */
export class MockClientError extends Error {
  constructor(
    message: string,
    readonly error?: { code: number; message: string; data?: unknown },
  ) {
    super(message);
    this.name = 'MockClientError';
  }
}

/** A scripted MCP client that drives any server transport from code: handshake, requests with bounded waits, notifications, and the record of the exchange. */
export class MockClient {
  readonly session: Session;
  readonly revision: Revision;
  private readonly timeoutMs: number;
  private readonly identity: ClientIdentity;
  private started = false;

  constructor(
    readonly transport: Transport,
    options: MockClientOptions = {},
  ) {
    this.revision = options.revision ?? '2025-11-25';
    this.session = new Session(transport, options.replies ? { replies: options.replies } : {});
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.identity = { clientInfo: options.clientInfo ?? DEFAULT_CLIENT.clientInfo, capabilities: options.capabilities ?? {} };
  }

  /** A mock client of a stdio server command (split like a shell would, run without one). */
  static spawn(command: string, options: MockClientOptions & { cwd?: string; env?: Record<string, string> } = {}): MockClient {
    const { cwd, env, ...rest } = options;
    return new MockClient(new StdioTransport({ command, ...(cwd ? { cwd } : {}), ...(env ? { env } : {}) }), rest);
  }

  /**
   * Starts the transport and, at a stateful revision, performs initialize and sends initialized.
   * Resolves with the initialize result (stateful) or `{}` (stateless: nothing to negotiate).
   */
  async connect(options: { handshake?: boolean } = {}): Promise<Record<string, unknown>> {
    if (!this.started) {
      await this.transport.start();
      this.started = true;
    }
    if (options.handshake === false || isStateless(this.revision)) return {};
    const init = await this.result('initialize', initializeParams(this.revision, this.identity));
    if (init.protocolVersion !== this.revision) {
      throw new MockClientError(`the server answered initialize with ${String(init.protocolVersion)} instead of ${this.revision}`);
    }
    await this.notify('notifications/initialized');
    return init;
  }

  /** The params a request carries at this revision (stateless: with the per-request `_meta`). */
  params(params: Record<string, unknown> = {}, meta?: false | Record<string, unknown>): Record<string, unknown> {
    if (!isStateless(this.revision) || meta === false) return params;
    const base = {
      [META.protocolVersion]: this.revision,
      [META.clientInfo]: this.identity.clientInfo,
      [META.clientCapabilities]: this.identity.capabilities,
    };
    const own = (params._meta ?? {}) as Record<string, unknown>;
    const extra = Object.fromEntries(
      Object.entries(meta ?? {}).map(([k, v]) => [k.includes('/') || k === 'progressToken' ? k : `io.modelcontextprotocol/${k}`, v]),
    );
    return { ...params, _meta: { ...base, ...own, ...extra } };
  }

  /** Sends a request without waiting. */
  send(method: string, params?: Record<string, unknown>, options: RequestOptions = {}): Promise<PendingRequest> {
    const p = params === undefined && !isStateless(this.revision) ? undefined : this.params(params, options.meta);
    return this.session.request(method, p, options.id !== undefined ? { id: options.id } : {});
  }

  /** Sends a request and waits for its response; rejects when none comes within the bound. */
  async request(method: string, params?: Record<string, unknown>, options: RequestOptions = {}): Promise<JsonRpcResponse> {
    return this.response(await this.send(method, params, options));
  }

  async response(entry: PendingRequest, timeoutMs = this.timeoutMs): Promise<JsonRpcResponse> {
    const response = await this.session.response(entry, timeoutMs);
    if (!response) throw new MockClientError(`no response to ${entry.method} (id ${JSON.stringify(entry.id)}) within ${timeoutMs} ms`);
    return response;
  }

  /** The result of a request that must succeed; rejects with MockClientError carrying the error otherwise. */
  async result(method: string, params?: Record<string, unknown>, options: RequestOptions = {}): Promise<Record<string, unknown>> {
    const response = await this.request(method, params, options);
    if (isErrorResponse(response)) throw new MockClientError(`${method} failed with ${response.error.code}: ${response.error.message}`, response.error);
    return response.result;
  }

  /** The error of a request that must fail. */
  async error(method: string, params?: Record<string, unknown>, options: RequestOptions = {}): Promise<{ code: number; message: string; data?: unknown }> {
    const response = await this.request(method, params, options);
    if (!isErrorResponse(response)) throw new MockClientError(`${method} succeeded but an error was expected: ${JSON.stringify(response.result)}`);
    return response.error;
  }

  /** Calls a tool; the result is returned whether or not it is a tool error (isError). */
  callTool(name: string, args: Record<string, unknown> = {}, meta?: Record<string, unknown>): Promise<Record<string, unknown>> {
    return this.result('tools/call', { name, arguments: args, ...(meta ? { _meta: meta } : {}) });
  }

  /** Every item of a paginated list method (tools, resources, resourceTemplates, prompts), following cursors. */
  async listAll(method: 'tools/list' | 'resources/list' | 'resources/templates/list' | 'prompts/list', maxPages = 100): Promise<Record<string, unknown>[]> {
    const key = method === 'resources/templates/list' ? 'resourceTemplates' : method.split('/')[0]!;
    const items: Record<string, unknown>[] = [];
    let cursor: unknown;
    for (let page = 0; page < maxPages; page++) {
      const result = await this.result(method, cursor === undefined ? {} : { cursor });
      items.push(...((result[key] as Record<string, unknown>[] | undefined) ?? []));
      cursor = result.nextCursor;
      if (cursor === undefined) return items;
    }
    throw new MockClientError(`${method} still had more pages after ${maxPages}`);
  }

  notify(method: string, params?: Record<string, unknown>): Promise<number> {
    return this.session.notify(method, params);
  }

  /** Writes text as the transport would (a line, or raw bytes). */
  raw(text: string, options: { raw?: boolean; responseId?: RequestId | null } = {}): Promise<PendingRequest | undefined> {
    return this.session.sendRaw(text, options);
  }

  /** Notifications received so far (optionally of one method). */
  notifications(method?: string): Record<string, unknown>[] {
    return this.session.notifications.map((n) => n.message as unknown as Record<string, unknown>).filter((m) => method === undefined || m.method === method);
  }

  /** Requests the server sent to this client so far. */
  serverRequests(method?: string): Record<string, unknown>[] {
    return this.session.serverRequests.map((r) => r.message as unknown as Record<string, unknown>).filter((m) => method === undefined || m.method === method);
  }

  waitUntil(check: () => boolean, timeoutMs = this.timeoutMs): Promise<boolean> {
    return this.session.waitUntil(check, timeoutMs);
  }

  /** Every schema violation and protocol anomaly of the server so far, as readable lines ([] when clean). */
  problems(): string[] {
    const out = this.session.anomalies.map((a) => `${a.kind}: ${a.detail}`);
    const validator = protocolValidator(this.revision);
    for (const entry of this.session.inbound) {
      for (const v of validator.validateMessage(entry.message, 'server', entry.requestMethod)) {
        out.push(`schema ${this.revision} ${JSON.stringify(entry.message).slice(0, 160)}: ${v.pointer} ${v.message}`);
      }
    }
    return out;
  }

  close(): Promise<unknown> {
    return this.transport.close();
  }
}
