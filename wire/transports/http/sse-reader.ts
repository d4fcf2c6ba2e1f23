// Reads a text/event-stream body with eventsource-parser and hands each event over as it arrives,
// bounded in time, event size and event count; the caller learns whether the server ended the
// stream. The size bound is per event (what the parser holds at once), not per stream: a long-lived
// stream of small messages is legal, however much it carries in total.
import type { IncomingMessage } from 'node:http';
import { createParser } from 'eventsource-parser';
import type { SseEvent } from '../../protocol/index.js';
import { startDeadline } from '../../protocol/index.js';

export interface SseReadOptions {
  streamId: string;
  /** Give up after this long (the stream is then destroyed). Infinity for long-lived streams. */
  timeoutMs: number;
  /** Stop after this many events (the stream is then destroyed). */
  maxEvents?: number;
  /** Longest event held (characters of its data and its unfinished line): the runner's message limit. */
  maxBytes: number;
  /** Called once if an event passes `maxBytes` (the stream is then destroyed), with the characters held. */
  onTooLarge?: (held: number) => void;
  signal: AbortSignal;
  onEvent: (event: SseEvent) => void;
  /** Called once if the stream's bytes are not valid UTF-8 (they are then decoded with U+FFFD). */
  onInvalidUtf8?: () => void;
  /** Called when the server sends a `retry:` field. */
  onRetry?: (ms: number) => void;
}

export type SseEnd = 'ended' | 'timeout' | 'max-events' | 'aborted' | 'too-large' | 'error';

export function readSse(response: IncomingMessage, options: SseReadOptions): Promise<SseEnd> {
  return new Promise((resolve) => {
    let count = 0;
    let finished = false;
    const finish = (end: SseEnd) => {
      if (finished) return;
      finished = true;
      cancelDeadline?.();
      options.signal.removeEventListener('abort', onAbort);
      if (end !== 'ended') response.destroy();
      resolve(end);
    };
    const parser = createParser({
      onEvent: (event) => {
        if (finished) return;
        options.onEvent({
          streamId: options.streamId,
          ...(event.id !== undefined ? { id: event.id } : {}),
          ...(event.event !== undefined ? { event: event.event } : {}),
          data: event.data,
        });
        count++;
        if (options.maxEvents !== undefined && count >= options.maxEvents) finish('max-events');
      },
      onRetry: (ms) => options.onRetry?.(ms),
      onError: (error) => {
        if (error.type !== 'max-buffer-size-exceeded' || finished) return;
        options.onTooLarge?.(options.maxBytes);
        finish('too-large');
      },
      // eventsource-parser keeps an event's pieces apart and joins them once (linear in its size).
      maxBufferSize: options.maxBytes,
    });
    const onAbort = () => finish('aborted');
    const cancelDeadline = Number.isFinite(options.timeoutMs) ? startDeadline(options.timeoutMs, () => finish('timeout')) : undefined;
    options.signal.addEventListener('abort', onAbort, { once: true });
    // Decoded strictly so that bytes that are not UTF-8 are noticed (transport.messages.utf8), then
    // leniently for the rest of the stream so that its messages are still read.
    let decoder = new TextDecoder('utf-8', { fatal: true });
    const decode = (chunk: Buffer): string => {
      try {
        return decoder.decode(chunk, { stream: true });
      } catch {
        options.onInvalidUtf8?.();
        decoder = new TextDecoder('utf-8');
        return decoder.decode(chunk, { stream: true });
      }
    };
    response.on('data', (chunk: Buffer) => {
      if (!finished) parser.feed(decode(chunk));
    });
    response.on('end', () => finish('ended'));
    response.on('close', () => finish(response.complete ? 'ended' : 'error'));
    response.on('error', () => finish('error'));
  });
}
