// Records every message a mock server receives and sends, per connection, so tests can assert on
// what happened; pairs requests with their responses in both directions. Bounded: oldest go first.
import { idKey, type RequestId } from '../../wire/protocol/json-rpc.js';

export interface RecordedMessage {
  seq: number;
  /** Milliseconds since the server was created. */
  at: number;
  connection: number;
  direction: 'in' | 'out';
  /** The parsed message (an array for a batch), or the raw text of input that was not JSON. */
  message: unknown;
}

export interface RecordedExchange {
  connection: number;
  /** `client` for requests the client sent, `server` for requests the server sent to the client. */
  initiator: 'client' | 'server';
  method: string;
  id: RequestId;
  request: Record<string, unknown>;
  response?: Record<string, unknown>;
  requestSeq: number;
  responseSeq?: number;
}

export interface Recorder {
  readonly messages: readonly RecordedMessage[];
  /** Requests with their responses (if any), in the order the requests were seen. */
  exchanges(filter?: { method?: string; initiator?: 'client' | 'server'; connection?: number }): RecordedExchange[];
  /** Notifications in one direction (default: sent by the server). */
  notifications(method?: string, direction?: 'in' | 'out'): Record<string, unknown>[];
  clear(): void;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function flatten(message: unknown): unknown[] {
  return Array.isArray(message) ? message : [message];
}

export class MessageRecorder implements Recorder {
  private list: RecordedMessage[] = [];
  private seq = 0;
  private readonly started = Date.now();

  constructor(
    private readonly enabled: boolean,
    private readonly max: number,
  ) {}

  get messages(): readonly RecordedMessage[] {
    return this.list;
  }

  record(connection: number, direction: 'in' | 'out', message: unknown): void {
    if (!this.enabled) return;
    if (this.list.length >= this.max) this.list.splice(0, Math.max(1, Math.floor(this.max / 10)));
    this.list.push({ seq: ++this.seq, at: Date.now() - this.started, connection, direction, message });
  }

  exchanges(filter: { method?: string; initiator?: 'client' | 'server'; connection?: number } = {}): RecordedExchange[] {
    const open = new Map<string, RecordedExchange>();
    const out: RecordedExchange[] = [];
    for (const entry of this.list) {
      if (filter.connection !== undefined && entry.connection !== filter.connection) continue;
      for (const m of flatten(entry.message)) {
        if (!isObject(m)) continue;
        const id = m.id;
        if (typeof id !== 'string' && typeof id !== 'number') continue;
        if (typeof m.method === 'string') {
          const initiator = entry.direction === 'in' ? 'client' : 'server';
          const exchange: RecordedExchange = { connection: entry.connection, initiator, method: m.method, id, request: m, requestSeq: entry.seq };
          open.set(`${entry.connection}|${initiator}|${idKey(id)}`, exchange);
          out.push(exchange);
        } else if ('result' in m || 'error' in m) {
          const initiator = entry.direction === 'out' ? 'client' : 'server';
          const key = `${entry.connection}|${initiator}|${idKey(id)}`;
          const exchange = open.get(key);
          if (exchange && exchange.response === undefined) {
            exchange.response = m;
            exchange.responseSeq = entry.seq;
            open.delete(key);
          }
        }
      }
    }
    return out.filter(
      (e) => (filter.method === undefined || e.method === filter.method) && (filter.initiator === undefined || e.initiator === filter.initiator),
    );
  }

  notifications(method?: string, direction: 'in' | 'out' = 'out'): Record<string, unknown>[] {
    const out: Record<string, unknown>[] = [];
    for (const entry of this.list) {
      if (entry.direction !== direction) continue;
      for (const m of flatten(entry.message)) {
        if (isObject(m) && typeof m.method === 'string' && !('id' in m) && (method === undefined || m.method === method)) out.push(m);
      }
    }
    return out;
  }

  clear(): void {
    this.list = [];
  }
}
