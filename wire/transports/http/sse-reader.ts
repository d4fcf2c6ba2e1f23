// Reads a text/event-stream body with eventsource-parser and hands each event over as it arrives,
// bounded in time, size and event count; the caller learns whether the server ended the stream.
import type { IncomingMessage } from 'node:http';
import { createParser } from 'eventsource-parser';
import type { SseEvent } from '../../protocol/index.js';

export interface SseReadOptions {
  streamId: string;
  /** Give up after this long (the stream is then destroyed). Infinity for long-lived streams. */
  timeoutMs: number;
  /** Stop after this many events (the stream is then destroyed). */
  maxEvents?: number;
  maxBytes: number;
  signal: AbortSignal;
  onEvent: (event: SseEvent) => void;
  /** Called when the server sends a `retry:` field. */
  onRetry?: (ms: number) => void;
}

export type SseEnd = 'ended' | 'timeout' | 'max-events' | 'aborted' | 'too-large' | 'error';

export function readSse(response: IncomingMessage, options: SseReadOptions): Promise<SseEnd> {
  return new Promise((resolve) => {
    let count = 0;
    let size = 0;
    let finished = false;
    const finish = (end: SseEnd) => {
      if (finished) return;
      finished = true;
      if (timer) clearTimeout(timer);
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
    });
    const onAbort = () => finish('aborted');
    const timer = Number.isFinite(options.timeoutMs) ? setTimeout(() => finish('timeout'), options.timeoutMs) : undefined;
    options.signal.addEventListener('abort', onAbort, { once: true });
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      size += chunk.length;
      if (size > options.maxBytes) finish('too-large');
      else parser.feed(chunk);
    });
    response.on('end', () => finish('ended'));
    response.on('close', () => finish(response.complete ? 'ended' : 'error'));
    response.on('error', () => finish('error'));
  });
}
