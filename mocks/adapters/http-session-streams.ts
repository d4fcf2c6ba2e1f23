// The SSE side of one HTTP session: numbered streams, an event store for Last-Event-ID replay, and
// the routing of each outgoing message to exactly one stream (never two). A stream outlives the
// HTTP responses that carry it: each is an `SseSink`, so a dropped connection loses nothing and a
// resumption attaches a new sink after replaying what was missed.

export interface StoredEvent {
  id: string;
  data: string;
}

/** The body of one SSE response, as the session writes it: text frames until `end()`. */
export interface SseSink {
  write(text: string): void;
  /** Ends the body (the HTTP response completes); later writes are ignored. */
  end(): void;
  /** Called once when the body ends, by `end()` or because the client went away. */
  onClose(listener: () => void): void;
}

export interface SseStream {
  readonly key: number;
  /** Request ids still waiting for their response on this stream (POST streams). */
  readonly waiting: Set<string>;
  readonly events: StoredEvent[];
  /** The response body currently carrying the stream, if the client is connected. */
  live: SseSink | undefined;
  /** True once every response was sent: the stream is over. */
  done: boolean;
  /** The standalone GET stream (server-initiated messages). */
  readonly standalone: boolean;
}

const MAX_EVENTS_PER_STREAM = 1000;
const encoder = new TextEncoder();

/**
 * A streaming `ReadableStream` body and the sink that feeds it. Frames are enqueued as written, so
 * an adapter piping the body sends each event at once; cancelling the body (the client hung up)
 * closes the sink.
 */
export function createSseBody(): { sink: SseSink; body: ReadableStream<Uint8Array> } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let open = true;
  const listeners: (() => void)[] = [];
  const closed = () => {
    open = false;
    for (const listener of listeners.splice(0)) listener();
  };
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel: closed,
  });
  const sink: SseSink = {
    write(text) {
      if (open) controller.enqueue(encoder.encode(text));
    },
    end() {
      if (!open) return;
      controller.close();
      closed();
    },
    onClose(listener) {
      if (open) listeners.push(listener);
      else listener();
    },
  };
  return { sink, body };
}

export class SessionStreams {
  private readonly streams = new Map<number, SseStream>();
  private next = 1;

  constructor(
    /** Whether events carry ids (resumable); the stateless wire has no resumption. */
    private readonly withIds: boolean,
  ) {}

  open(waiting: Iterable<string>, live: SseSink, standalone = false): SseStream {
    const stream: SseStream = { key: this.next++, waiting: new Set(waiting), events: [], live, done: false, standalone };
    this.streams.set(stream.key, stream);
    this.attach(stream, live);
    return stream;
  }

  /** Streams not yet over (a stateless connection ends when this reaches 0). */
  get openCount(): number {
    let n = 0;
    for (const s of this.streams.values()) if (!s.done) n++;
    return n;
  }

  /**
   * The standalone stream that carries server-initiated messages: the newest one the client still
   * holds. A client may hold several GET streams at once; each message goes to this one only, never
   * to two (basic/transports, Multiple Connections).
   */
  get standalone(): SseStream | undefined {
    let newest: SseStream | undefined;
    for (const s of this.streams.values()) if (s.standalone && !s.done && s.live) newest = s;
    return newest;
  }

  /** True while the client holds the connection of some stream: the session is in use. */
  get connected(): boolean {
    for (const s of this.streams.values()) if (s.live) return true;
    return false;
  }

  /** Writes the empty "priming" event that gives a client an id to resume from (2025-11-25). */
  prime(stream: SseStream): void {
    this.write(stream, '');
  }

  /**
   * Routes one outgoing message: a response goes to the stream waiting for its id; anything else
   * to the newest POST stream still open, else the standalone stream. Returns false if no stream
   * could take it (the message is then dropped, as the spec allows for unrelated messages).
   */
  route(message: object, responseIds: string[]): boolean {
    const data = JSON.stringify(message);
    if (responseIds.length > 0) {
      const stream = [...this.streams.values()].find((s) => !s.done && responseIds.some((id) => s.waiting.has(id)));
      if (!stream) return false;
      this.write(stream, data);
      for (const id of responseIds) stream.waiting.delete(id);
      if (stream.waiting.size === 0 && !stream.standalone) this.finish(stream);
      return true;
    }
    const open = [...this.streams.values()].filter((s) => !s.done && !s.standalone);
    const target = open[open.length - 1] ?? this.standalone;
    if (!target) return false;
    this.write(target, data);
    return true;
  }

  /**
   * Closes the connection carrying the stream that waits for `responseId` without ending the stream
   * (2025-11-25: a server may close the connection after an event with an id; the client polls).
   * A stream with no event yet is primed first, so the client has an id to resume from; with
   * `retryMs` a `retry` field tells the client how long to wait. Returns the last event id sent.
   */
  drop(responseId: string, retryMs?: number): string | undefined {
    const stream = [...this.streams.values()].find((s) => !s.done && s.waiting.has(responseId));
    const live = stream?.live;
    if (!stream || !live) return undefined;
    if (stream.events.length === 0) this.prime(stream);
    if (retryMs !== undefined) live.write(`retry: ${retryMs}\n\n`);
    stream.live = undefined;
    live.end();
    return stream.events[stream.events.length - 1]!.id;
  }

  /** Finds the stream an event id belongs to and the events after it (never another stream's). */
  replayFrom(eventId: string): { stream: SseStream; missed: StoredEvent[] } | undefined {
    const key = Number(eventId.split('-')[0]);
    const stream = this.streams.get(key);
    if (!stream) return undefined;
    const at = stream.events.findIndex((e) => e.id === eventId);
    if (at === -1) return undefined;
    return { stream, missed: stream.events.slice(at + 1) };
  }

  /** Resumes a stream on a new response body: replays what was missed, then carries on live. */
  resume(stream: SseStream, missed: StoredEvent[], live: SseSink): void {
    for (const e of missed) live.write(frame(e, this.withIds));
    if (stream.done) {
      live.end();
      return;
    }
    // A stream has one live connection: an older one still attached stops receiving.
    stream.live?.end();
    this.attach(stream, live);
  }

  closeAll(): void {
    for (const s of this.streams.values()) {
      s.done = true;
      s.live?.end();
      s.live = undefined;
    }
  }

  private attach(stream: SseStream, live: SseSink): void {
    stream.live = live;
    live.onClose(() => {
      if (stream.live === live) stream.live = undefined;
    });
  }

  private write(stream: SseStream, data: string): void {
    const event: StoredEvent = { id: `${stream.key}-${stream.events.length + 1}`, data };
    if (stream.events.length < MAX_EVENTS_PER_STREAM) stream.events.push(event);
    stream.live?.write(frame(event, this.withIds));
  }

  private finish(stream: SseStream): void {
    stream.done = true;
    stream.live?.end();
    stream.live = undefined;
  }
}

function frame(event: StoredEvent, withId: boolean): string {
  return `${withId ? `id: ${event.id}\n` : ''}data: ${event.data}\n\n`;
}
