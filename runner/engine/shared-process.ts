// One stdio target process that several cells use in turn. Each cell talks to it through a lease:
// a Transport of its own whose session sees only what arrived while it held the process, plus a
// replay of how the process was opened (start-up output and, at stateful revisions, the handshake),
// so that each cell is judged on the same exchanges it would have had on a fresh process. Output
// belongs to the cell that holds the process; a cell hands it over only after a barrier (below),
// and what the process says while it shuts down reaches every cell that used it, as it would have
// reached each on a process of its own.
//
// Why a barrier and not routing responses by id: every cell's session numbers its requests from 1,
// so a late copy of the answer to id 3 of one cell carries the same id as the next cell's request 3;
// routing it "to the latest unanswered request with that id" hands it to the next cell, which then
// takes it for its own answer (and blames its real answer as the duplicate). Nothing in the message
// says whose it is. What does say it is the order of a stdio process's output: before the next cell
// writes, the runner sends a request of its own with an id no cell uses, and everything the process
// writes before answering it is the finished cell's doing. A target that does not answer in time is
// retired instead (its next cell gets a fresh process), so a slow or silent answer blames no one.
import { isStateless, type Revision } from '../../schema/revisions.js';
import {
  startDeadline,
  withRequestMeta,
  type ClientIdentity,
  type CloseReport,
  type SendOptions,
  type Transport,
  type TransportEvent,
} from '../../wire/protocol/index.js';

/** How many sends open the conversation: initialize and notifications/initialized, or none. */
function openingSends(revision: Revision): number {
  return isStateless(revision) ? 0 : 2;
}

export class SharedProcess {
  /** Events of the opening: [0] before the first send, [i] after the i-th send of the opening. */
  private readonly opening: TransportEvent[][] = [[]];
  private readonly openingTexts: string[] = [];
  private recording = true;
  /** The listener of the cell that last wrote to the process: live output is its own. */
  private current: Listener | undefined;
  /** Every lease's listener, for the output of the shutdown. */
  private readonly listeners: Listener[] = [];
  private closing = false;
  private leases = 0;
  private closeReport: Promise<CloseReport> | undefined;
  /** The barrier waiting for its answer: its id and what to call when it comes (or the process ends). */
  private pendingBarrier: { id: number; done: (answered: boolean) => void } | undefined;
  /** Ids of every barrier sent: late or repeated answers to them are the runner's too, never a cell's. */
  private readonly barrierIds = new Set<number>();
  /**
   * Requests an earlier cell left unanswered on purpose (`leaveBehind`), by id key, with that cell's
   * listener: an answer that still comes is that cell's, as it would have been on its own process.
   */
  private readonly leftBehind = new Map<string, Listener>();
  /** Id keys of what the current cell wrote: an answer with one of them is its own. */
  private currentIds = new Set<string>();
  /** Set once the process ended or was found unfit for more cells. */
  retired = false;
  exited = false;

  constructor(
    private readonly transport: Transport,
    private readonly revision: Revision,
  ) {
    transport.onEvent((event) => this.dispatch(event));
  }

  start(): Promise<void> {
    return this.transport.start();
  }

  /** True when the opening was seen whole, so a later lease can replay it. */
  get opened(): boolean {
    return !this.recording;
  }

  /**
   * True when the opening was seen whole and its lines were exactly `texts`: a process a cell opened
   * itself (`opener`) is then in the state a process the runner opened is in, and later leases can
   * replay its opening. Any other opening must end with its cell: a replay lease would refuse it.
   */
  openedWith(texts: readonly string[]): boolean {
    return this.opened && this.openingTexts.length === texts.length && this.openingTexts.every((text, i) => text === texts[i]);
  }

  /** The number of cells that used this process. */
  get used(): number {
    return this.leases;
  }

  /** A transport for the next cell. Events that arrive from now on go to it. */
  lease(): Transport {
    this.leases++;
    const first = this.leases === 1;
    return first ? this.firstLease() : this.replayLease();
  }

  /**
   * Called after the barrier that hands the process over: the finished cell left these requests
   * unanswered, as its scenario allowed (a dropped line, a notification sent raw). A server that
   * answers them after all, even after the barrier, answers them to that cell, unless the cell
   * holding the process wrote a request with the same id (then nothing says whose it is, and it
   * stays with the holder).
   */
  leaveBehind(ids: readonly unknown[]): void {
    if (!this.current) return;
    for (const id of ids) this.leftBehind.set(idKeyOf(id), this.current);
  }

  /** Ends the process (once); every cell that used it is judged with this report. */
  close(): Promise<CloseReport> {
    this.retired = true;
    this.closing = true;
    this.closeReport ??= this.transport.close();
    return this.closeReport;
  }

  /**
   * Sends the runner's own request (ping at stateful revisions; server/discover, which every
   * 2026-07-28 server implements and which changes nothing, with the `_meta` every request carries
   * there) and waits at most `timeoutMs` for its answer, an error answer included. Until then
   * output keeps going to the cell that held the process. The request and its answer reach no
   * cell. True when the answer came: the process may serve the next cell. False when it did not
   * come in time or the process ended: the caller retires the process.
   */
  async barrier(client: ClientIdentity, timeoutMs: number): Promise<boolean> {
    if (this.exited || this.closing) return false;
    const id = BARRIER_ID_BASE + this.barrierIds.size + 1;
    this.barrierIds.add(id);
    const stateless = isStateless(this.revision);
    const method = stateless ? 'server/discover' : 'ping';
    const params = stateless ? withRequestMeta(this.revision, {}, client) : undefined;
    const text = JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
    let cancelDeadline = (): void => {};
    const answered = new Promise<boolean>((resolve) => {
      this.pendingBarrier = { id, done: resolve };
      cancelDeadline = startDeadline(timeoutMs, () => resolve(false));
    });
    try {
      await this.transport.send(text);
    } catch {
      this.pendingBarrier = undefined;
      cancelDeadline();
      return false;
    }
    const ok = await answered;
    cancelDeadline();
    this.pendingBarrier = undefined;
    return ok && !this.exited;
  }

  /** The earlier cell an answer belongs to, when it answers a request that cell left behind. */
  private leftBehindOwner(event: TransportEvent): Listener | undefined {
    if (!isResponse(event) || event.kind !== 'message') return undefined;
    const key = idKeyOf((event.message as { id?: unknown }).id ?? null);
    const owner = this.leftBehind.get(key);
    return owner && owner !== this.current && !this.currentIds.has(key) ? owner : undefined;
  }

  private firstLease(): Transport {
    return this.leaseTransport((text, options, listener) => {
      this.hold(listener, text);
      if (this.recording) {
        if (this.openingTexts.length < openingSends(this.revision)) {
          this.openingTexts.push(text);
          if (this.openingTexts.length === openingSends(this.revision)) this.recording = false;
          else this.opening.push([]);
        } else this.recording = false;
      }
      return this.transport.send(text, options);
    });
  }

  private replayLease(): Transport {
    let replayed = 0;
    const expected = this.openingTexts.length;
    const lease = this.leaseTransport(async (text, options, listener) => {
      if (replayed < expected) {
        if (text !== this.openingTexts[replayed]) {
          throw new Error(`internal error: a cell sharing a process opened it differently (${text.slice(0, 80)})`);
        }
        replayed++;
        for (const event of this.opening[replayed] ?? []) listener?.(event);
        return;
      }
      // From its first real write on, what the process says is this cell's doing.
      this.hold(listener, text);
      return this.transport.send(text, options);
    });
    return lease;
  }

  private leaseTransport(send: (text: string, options: SendOptions | undefined, listener: Listener | undefined) => Promise<void>): Transport {
    let own: Listener | undefined;
    return {
      kind: this.transport.kind,
      description: this.transport.description,
      start: async () => undefined,
      send: (text, options) => send(text, options, own),
      // A message still arriving belongs to the cell writing now (the others wait their turn).
      ...(this.transport.receiving ? { receiving: () => (own === this.current ? (this.transport.receiving?.() ?? 0) : 0) } : {}),
      onEvent: (listener) => {
        own = listener;
        this.listeners.push(listener);
        if (this.leases === 1) this.current = listener;
        // What the process said before anyone wrote to it (for the first lease: what arrived before
        // its session listened; later output reaches it live).
        for (const event of this.opening[0] ?? []) listener(event);
      },
      // A cell never ends a shared process itself (cells that close the input get their own).
      close: async () => ({ exitedGracefully: true, escalation: 'none', ms: 0 }),
    };
  }

  /** The cell of `listener` writes `text`: output is now its own, and so are answers to its ids. */
  private hold(listener: Listener | undefined, text: string): void {
    if (listener !== this.current) this.currentIds = new Set();
    this.current = listener;
    this.currentIds.add(idKeyOf(writtenId(text)));
  }

  private dispatch(event: TransportEvent): void {
    if (event.kind === 'closed') {
      this.exited = true;
      this.pendingBarrier?.done(false);
    }
    const answered = barrierAnswered(event, this.barrierIds);
    if (answered !== undefined) {
      if (answered === this.pendingBarrier?.id) this.pendingBarrier.done(true);
      return;
    }
    if (this.recording) this.opening[this.opening.length - 1]!.push(event);
    const owner = this.leftBehindOwner(event);
    if (owner) {
      owner(event);
      return;
    }
    if (this.closing && !isResponse(event)) {
      for (const listener of this.listeners) listener(event);
      return;
    }
    this.current?.(event);
  }
}

type Listener = (event: TransportEvent) => void;

/** A key for a JSON-RPC id that keeps 1 and "1" apart. */
function idKeyOf(id: unknown): string {
  return `${typeof id}:${String(id)}`;
}

/**
 * The id an answer to `text` would carry: the message's id when it has a readable one, else null
 * (an unparseable line, or an object without a readable id, is answered with a null id).
 */
function writtenId(text: string): unknown {
  try {
    const message = JSON.parse(text) as { id?: unknown } | null;
    const id = typeof message === 'object' && message !== null && !Array.isArray(message) ? message.id : undefined;
    return typeof id === 'string' || typeof id === 'number' ? id : null;
  } catch {
    return null;
  }
}

/**
 * Ids of the runner's barrier requests start above this: integers far beyond any a cell's counter
 * reaches (each cell numbers its requests from 1) or a scenario writes. Integers, not strings: a
 * server whose ids must be numbers refuses a string id with an error whose id is null, which would
 * reach the cell that held the process as an answer to nothing, or never answers it, which retired
 * every process such a server served after a wait of --timeout (@effect/ai's McpServer).
 */
export const BARRIER_ID_BASE = 1_900_000_000;

/**
 * True for a message without a method that carries an id: an answer to a request someone sent.
 * While the process shuts down, an answer is a late one of the cell that held the process (the
 * cells before it handed over after a barrier), so it goes to that cell alone, as it would have
 * on a process of its own; anything else said while shutting down reaches every cell.
 */
function isResponse(event: TransportEvent): boolean {
  if (event.kind !== 'message') return false;
  const message = event.message as { id?: unknown; method?: unknown } | null;
  return typeof message === 'object' && message !== null && !Array.isArray(message) && message.method === undefined && 'id' in message;
}

/**
 * The barrier id a response (result or error) carries, if it answers one of ours: the integer, or a
 * string copy of it from a server that returns ids as strings (no cell writes such a string).
 */
function barrierAnswered(event: TransportEvent, ids: ReadonlySet<number>): number | undefined {
  if (!isResponse(event)) return undefined;
  const { id } = event.kind === 'message' ? (event.message as { id?: unknown }) : {};
  const value = typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id;
  return typeof value === 'number' && ids.has(value) ? value : undefined;
}
