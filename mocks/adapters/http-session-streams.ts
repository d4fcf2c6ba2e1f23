// The SSE side of one HTTP session: numbered streams, an event store for Last-Event-ID replay, and
// the routing of each outgoing message to exactly one stream (never two).
import type { ServerResponse } from 'node:http';

export interface StoredEvent {
  id: string;
  data: string;
}

export interface SseStream {
  readonly key: number;
  /** Request ids still waiting for their response on this stream (POST streams). */
  readonly waiting: Set<string>;
  readonly events: StoredEvent[];
  /** The HTTP response currently carrying the stream, if the client is connected. */
  live: ServerResponse | undefined;
  /** True once every response was sent: the stream is over. */
  done: boolean;
  /** The standalone GET stream (server-initiated messages). */
  readonly standalone: boolean;
}

const MAX_EVENTS_PER_STREAM = 1000;

export class SessionStreams {
  private readonly streams = new Map<number, SseStream>();
  private next = 1;

  constructor(
    /** Whether events carry ids (resumable); the stateless wire has no resumption. */
    private readonly withIds: boolean,
  ) {}

  open(waiting: Iterable<string>, live: ServerResponse, standalone = false): SseStream {
    const stream: SseStream = { key: this.next++, waiting: new Set(waiting), events: [], live, done: false, standalone };
    this.streams.set(stream.key, stream);
    live.on('close', () => {
      if (stream.live === live) stream.live = undefined;
    });
    return stream;
  }

  /** Streams not yet over (a stateless connection ends when this reaches 0). */
  get openCount(): number {
    let n = 0;
    for (const s of this.streams.values()) if (!s.done) n++;
    return n;
  }

  /** The open standalone stream, if the client holds one. */
  get standalone(): SseStream | undefined {
    for (const s of this.streams.values()) if (s.standalone && !s.done && s.live) return s;
    return undefined;
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

  /** Finds the stream an event id belongs to and the events after it. */
  replayFrom(eventId: string): { stream: SseStream; missed: StoredEvent[] } | undefined {
    const key = Number(eventId.split('-')[0]);
    const stream = this.streams.get(key);
    if (!stream) return undefined;
    const at = stream.events.findIndex((e) => e.id === eventId);
    if (at === -1) return undefined;
    return { stream, missed: stream.events.slice(at + 1) };
  }

  /** Resumes a stream on a new response: replays what was missed, then carries on live. */
  resume(stream: SseStream, missed: StoredEvent[], live: ServerResponse): void {
    for (const e of missed) live.write(frame(e, this.withIds));
    if (stream.done) {
      live.end();
      return;
    }
    stream.live = live;
    live.on('close', () => {
      if (stream.live === live) stream.live = undefined;
    });
  }

  closeAll(): void {
    for (const s of this.streams.values()) {
      s.done = true;
      s.live?.end();
      s.live = undefined;
    }
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
