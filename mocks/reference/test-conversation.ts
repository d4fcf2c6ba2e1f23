// Test support: a client conversation with a mock server over the in-memory transport, at one
// revision, that checks every message the server sends against our schema of that revision.
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
} from '../../runner/protocol/index.js';
import { isStateless, protocolValidator, type Revision } from '../../schema/index.js';
import { createInMemoryTransport, type InMemoryTransport } from '../adapters/index.js';
import type { MockServer } from '../core/index.js';

export const TEST_CLIENT: ClientIdentity = { clientInfo: { name: 'mocks-test', version: '1.0.0' }, capabilities: {} };

export interface ConversationOptions {
  capabilities?: Record<string, unknown>;
  replies?: ReplyScript;
  /** Perform the stateful handshake first (default true; no-op at stateless revisions). */
  handshake?: boolean;
  timeoutMs?: number;
}

export interface RequestOptions {
  id?: RequestId;
  /** Stateless revisions: false sends no `_meta`; an object overrides members of the default one. */
  meta?: false | Record<string, unknown>;
}

export class Conversation {
  readonly session: Session;
  private readonly timeoutMs: number;
  private readonly capabilities: Record<string, unknown>;

  constructor(
    readonly transport: InMemoryTransport,
    readonly revision: Revision,
    options: ConversationOptions,
  ) {
    this.session = new Session(transport, options.replies ? { replies: options.replies } : {});
    this.timeoutMs = options.timeoutMs ?? 3000;
    this.capabilities = options.capabilities ?? {};
  }

  /** The params a request carries at this revision (stateless: with the per-request `_meta`). */
  params(params: Record<string, unknown> = {}, meta?: false | Record<string, unknown>): Record<string, unknown> {
    if (!isStateless(this.revision) || meta === false) return params;
    const base = {
      [META.protocolVersion]: this.revision,
      [META.clientInfo]: TEST_CLIENT.clientInfo,
      [META.clientCapabilities]: this.capabilities,
    };
    const own = (params._meta ?? {}) as Record<string, unknown>;
    const extra = Object.fromEntries(Object.entries(meta ?? {}).map(([k, v]) => [k.includes('/') || k === 'progressToken' ? k : `io.modelcontextprotocol/${k}`, v]));
    return { ...params, _meta: { ...base, ...own, ...extra } };
  }

  /** Sends a request without waiting. */
  send(method: string, params?: Record<string, unknown>, options: RequestOptions = {}): Promise<PendingRequest> {
    const p = params === undefined && !isStateless(this.revision) ? undefined : this.params(params, options.meta);
    return this.session.request(method, p, options.id !== undefined ? { id: options.id } : {});
  }

  /** Sends a request and waits for its response (fails the test if none comes). */
  async request(method: string, params?: Record<string, unknown>, options: RequestOptions = {}): Promise<JsonRpcResponse> {
    const entry = await this.send(method, params, options);
    return this.response(entry);
  }

  async response(entry: PendingRequest, timeoutMs = this.timeoutMs): Promise<JsonRpcResponse> {
    const response = await this.session.response(entry, timeoutMs);
    if (!response) throw new Error(`no response to ${entry.method} (id ${JSON.stringify(entry.id)}) within ${timeoutMs} ms`);
    return response;
  }

  /** The result of a request that must succeed. */
  async result(method: string, params?: Record<string, unknown>, options: RequestOptions = {}): Promise<Record<string, unknown>> {
    const response = await this.request(method, params, options);
    if (isErrorResponse(response)) throw new Error(`${method} failed with ${response.error.code}: ${response.error.message}`);
    return response.result;
  }

  /** The error of a request that must fail. */
  async error(method: string, params?: Record<string, unknown>, options: RequestOptions = {}): Promise<{ code: number; message: string; data?: unknown }> {
    const response = await this.request(method, params, options);
    if (!isErrorResponse(response)) throw new Error(`${method} succeeded but an error was expected: ${JSON.stringify(response.result)}`);
    return response.error;
  }

  notify(method: string, params?: Record<string, unknown>): Promise<number> {
    return this.session.notify(method, params);
  }

  /** Writes text as the transport would (a line, or raw bytes). */
  raw(text: string, options: { raw?: boolean; responseId?: RequestId | null } = {}): Promise<PendingRequest | undefined> {
    return this.session.sendRaw(text, options);
  }

  notifications(method?: string): Record<string, unknown>[] {
    return this.session.notifications.map((n) => n.message as unknown as Record<string, unknown>).filter((m) => method === undefined || m.method === method);
  }

  waitUntil(check: () => boolean, timeoutMs = this.timeoutMs): Promise<boolean> {
    return this.session.waitUntil(check, timeoutMs);
  }

  /** Every schema violation and protocol anomaly seen so far, as readable lines. */
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

/** Opens a conversation with `server` at `revision`, with the handshake done unless told otherwise. */
export async function converse(server: MockServer, revision: Revision, options: ConversationOptions = {}): Promise<Conversation> {
  const transport = createInMemoryTransport(server);
  await transport.start();
  const conversation = new Conversation(transport, revision, options);
  if ((options.handshake ?? true) && !isStateless(revision)) {
    const init = await conversation.result('initialize', initializeParams(revision, { ...TEST_CLIENT, capabilities: options.capabilities ?? {} }));
    if (init.protocolVersion !== revision) throw new Error(`the server answered initialize with ${String(init.protocolVersion)} instead of ${revision}`);
    await conversation.notify('notifications/initialized');
  }
  return conversation;
}
