// One live conversation with the target that serves many fuzzed inputs: opens it with the revision's
// handshake, runs one input plus a cheap "barrier" request, and reopens it only when the target died.
import { isStateless, protocolValidator, type Revision } from '../../schema/index.js';
import { classify, initializeParams, Session, withRequestMeta, type ClientIdentity, type JsonRpcResponse, type Transport } from '../../wire/protocol/index.js';
import { ID_PLACEHOLDERS } from './framing-arbitrary.js';
import type { FuzzInput, HttpInput } from './fuzz-input.js';
import { sendHttpInput } from './http-input-exchange.js';
import { scenarioSafeJson } from './scenario-safe-json.js';
import type { Observation, SentRequest } from './properties.js';

export interface FuzzConnectionOptions {
  makeTransport: () => Transport;
  revision: Revision;
  client: ClientIdentity;
  /** Bound on waiting for the answers to one input. */
  timeoutMs: number;
}

/** The exact bytes one input put on the wire, for the counterexample file. */
export interface WireRecord {
  /** Lines sent with a newline added (requests, notifications), or raw chunks. */
  writes: { text: string; raw: boolean; responseId?: string | null; http?: HttpInput; bytes?: boolean }[];
  barrier: { method: string; line: string; id: string };
}

export class FuzzConnection {
  session: Session | undefined;
  /** Targets started, including the first; a restart follows each death. */
  starts = 0;
  private transport: Transport | undefined;
  private counter = 0;

  constructor(private readonly options: FuzzConnectionOptions) {}

  get barrierMethod(): string {
    return isStateless(this.options.revision) ? 'server/discover' : 'ping';
  }

  /** The text of a cheap request with id `id` at this revision (the barrier, framing inputs). */
  cheapRequestText(id: string): string {
    const params = withRequestMeta(this.options.revision, isStateless(this.options.revision) ? {} : undefined, this.options.client);
    return JSON.stringify({ jsonrpc: '2.0', id, method: this.barrierMethod, ...(params ? { params } : {}) });
  }

  /** Starts the target and performs the handshake; throws when the target cannot be used at all. */
  async open(): Promise<Session> {
    if (this.session && !this.session.closed) return this.session;
    await this.close();
    const transport = this.options.makeTransport();
    this.starts++;
    await transport.start();
    const session = new Session(transport, { maxTranscriptEntries: 400 });
    this.transport = transport;
    this.session = session;
    const { revision, client, timeoutMs } = this.options;
    if (!isStateless(revision)) {
      const init = await session.request('initialize', initializeParams(revision, client), { author: 'runner' });
      const response = await session.response(init, timeoutMs);
      if (!response || !('result' in response)) {
        throw new Error(
          `Failed to open a session at ${revision}: ${response ? `initialize failed (${JSON.stringify((response as { error?: unknown }).error)})` : session.closed ? `the target ended (${session.closed.reason})` : `no answer to initialize within ${timeoutMs} ms`}.`,
        );
      }
      await session.notify('notifications/initialized', undefined, 'runner');
    }
    return session;
  }

  async close(): Promise<void> {
    const transport = this.transport;
    this.transport = undefined;
    if (transport) await transport.close({ graceMs: 500 });
  }

  /** Sends one input and the barrier, waits (bounded) for their answers, and reports what came back. */
  async run(input: FuzzInput): Promise<{ observation: Observation; wire: WireRecord; fromSeq: number }> {
    const session = await this.open();
    // Each input is judged on its own exchange, so older history only costs memory.
    if (session.inbound.length > 200) session.discardHistory();
    // An answer of an earlier input over the runner's message limit left that input unjudged; this
    // input's exchange is read afresh (the line framing recovered at the newline).
    session.overLimit = undefined;
    const fromSeq = session.lastSeq + 1;
    const inboundMark = session.inbound.length;
    const anomalyMark = session.anomalies.length;
    const n = ++this.counter;
    const requests: SentRequest[] = [];
    const toleratedIds: string[] = [];
    const writes: WireRecord['writes'] = [];
    const { revision, client } = this.options;
    const ids = ID_PLACEHOLDERS.map((_, i) => `fuzz-${n}-${i}`);
    const idOf = (placeholder: string) => ids[ID_PLACEHOLDERS.indexOf(placeholder as (typeof ID_PLACEHOLDERS)[number])]!;
    const fill = (text: string) => ID_PLACEHOLDERS.reduce((t, p, i) => t.split(p).join(ids[i]!), text);
    let http: Observation['http'];
    try {
      if (input.kind === 'request') {
        const id = `fuzz-${n}`;
        const params = withRequestMeta(revision, input.params, client);
        const text = scenarioSafeJson({ jsonrpc: '2.0', id, method: input.method, ...(params !== undefined ? { params } : {}) });
        requests.push({ id, method: input.method });
        writes.push({ text, raw: false });
        await session.sendRaw(text, { method: input.method });
      } else if (input.kind === 'notification') {
        const text = scenarioSafeJson({ jsonrpc: '2.0', method: input.method, ...(input.params !== undefined ? { params: input.params } : {}) });
        writes.push({ text, raw: false, responseId: null });
        await session.sendRaw(text, { responseId: null, method: input.method });
      } else if (input.kind === 'http') {
        const body = input.body === undefined ? undefined : fill(input.body);
        writes.push({ text: body ?? '', raw: false, http: input });
        http = { answer: await sendHttpInput(session.transport, input, body, this.options.timeoutMs), requestIds: input.requestIds.map(idOf) };
      } else if (input.kind === 'bytes') {
        writes.push({ text: input.hex, raw: true, bytes: true });
        await session.sendBytes(input.hex);
      } else {
        for (const p of input.requestIds) requests.push({ id: idOf(p), method: this.barrierMethod });
        toleratedIds.push(...ids);
        const text = fill(input.text);
        const at = input.splitAt === undefined ? text.length : Math.min(Math.max(1, input.splitAt), text.length - 1);
        for (const piece of [text.slice(0, at), text.slice(at)].filter((p) => p.length > 0)) {
          writes.push({ text: piece, raw: true });
          await session.sendRaw(piece, { raw: true });
        }
      }
    } catch {
      // A write to a target that just died fails; the observation below reports the death.
    }
    const barrierId = `fuzz-${n}-barrier`;
    const barrierLine = this.cheapRequestText(barrierId);
    const barrier = { method: this.barrierMethod, line: barrierLine, id: barrierId };
    const answered = (id: string) => session.inbound.slice(inboundMark).some((r) => r.kind === 'response' && (r.message as { id?: unknown }).id === id);
    if (!session.closed) {
      try {
        await session.sendRaw(barrierLine, { method: this.barrierMethod });
      } catch {
        /* reported as a death below */
      }
      await session.waitUntil(() => answered(barrierId) && requests.every((r) => answered(r.id)), this.options.timeoutMs);
    }
    const responses = new Map<string, JsonRpcResponse[]>();
    const received = session.inbound.slice(inboundMark).flatMap((r) => (r.kind === 'batch' ? (r.message as unknown[]) : [r.message]));
    for (const message of received) {
      if (classify(message).kind !== 'response') continue;
      const id = JSON.stringify((message as { id?: unknown }).id ?? null);
      responses.set(id, [...(responses.get(id) ?? []), message as JsonRpcResponse]);
    }
    const validator = protocolValidator(revision);
    const schemaProblems = new Map<string, string[]>();
    for (const r of requests) {
      const response = responses.get(JSON.stringify(r.id))?.[0];
      if (!response) continue;
      const problems = validator.validateMessage(response, 'server', r.method).map((v) => `${v.pointer || '(root)'} ${v.message}`);
      schemaProblems.set(r.id, problems);
    }
    const observation: Observation = {
      input,
      requests,
      responses,
      anomalies: session.anomalies.slice(anomalyMark).filter((a) => a.kind !== 'unknown-id' && a.kind !== 'duplicate-response'),
      toleratedIds,
      barrierId,
      barrierAnswered: responses.has(JSON.stringify(barrierId)),
      ...(session.closed ? { died: session.closed.reason } : {}),
      ...(unreadReason(session) !== undefined ? { unreadable: unreadReason(session)! } : {}),
      schemaProblems,
      protocolChannelIsStdout: session.transport.kind === 'stdio',
      ...(http ? { http } : {}),
    };
    return { observation, wire: { writes, barrier }, fromSeq };
  }
}

/** Why a message of the session's current exchange could not be read (over the runner's limit), if one could not. */
function unreadReason(session: Session): string | undefined {
  return session.overLimit?.reason;
}
