// Remembers which SSE stream of a session each event id came on, so that an id a server hands out
// on two streams of one session is noticed. From 2025-03-26 to 2025-11-25 an event id "MUST be
// globally unique across all streams within that session" (or across all streams with that client
// when the server keeps no sessions): a client resuming with Last-Event-ID could otherwise be
// replayed the wrong stream. A resumption continues the stream it resumes, so it is the same stream
// here; an id repeated within one stream is not what this judges.
import { resumedStream } from '../../protocol/index.js';

/** The ids kept per ledger; past it later ids are not remembered (a flood must not exhaust memory). */
const MAX_IDS = 100_000;

export interface ReusedEventId {
  eventId: string;
  /** The stream the id came on first, and the other stream it came on now. */
  firstStream: string;
  stream: string;
}

export class EventIdLedger {
  /** Per session key (the session id, or '' without sessions): event id -> the stream it came on. */
  private readonly seen = new Map<string, Map<string, string>>();
  /** Ids already reported, so a stream replaying a reused id is reported once. */
  private readonly reported = new Set<string>();
  private size = 0;

  /**
   * Notes an event id seen on `streamId` within the session `sessionKey`; returns what was reused
   * when the session's other stream had the same id. A resumption's stream id (`<stream>-resume-N`)
   * counts as the stream it resumes.
   */
  note(sessionKey: string, streamId: string, eventId: string): ReusedEventId | undefined {
    const stream = resumedStream(streamId);
    let ids = this.seen.get(sessionKey);
    if (!ids) {
      ids = new Map();
      this.seen.set(sessionKey, ids);
    }
    const first = ids.get(eventId);
    if (first === undefined) {
      if (this.size < MAX_IDS) {
        ids.set(eventId, stream);
        this.size++;
      }
      return undefined;
    }
    if (first === stream) return undefined;
    const key = `${sessionKey}\n${eventId}`;
    if (this.reported.has(key)) return undefined;
    this.reported.add(key);
    return { eventId, firstStream: first, stream };
  }
}
