// The legacy HTTP+SSE client transport of 2024-11-05: one GET opens the event stream, whose first
// `endpoint` event names the URL to POST every message to; all server messages arrive as `message`
// events on that one stream. Bounded waits; the stream and every socket end on close().
import type { IncomingMessage } from 'node:http';
import { startDeadline, TransportStartError, type CloseReport, type HttpExchange, type SendOptions, type Transport } from '../../protocol/index.js';
import { HttpTransportBase, type HttpTransportCommon } from './http-transport-base.js';
import { httpCall, mediaType, readBody } from './http-call.js';
import { messageFacts } from './mcp-headers.js';
import { readSse } from './sse-reader.js';

/** `url` is the SSE endpoint, e.g. http://127.0.0.1:3000/sse. */
export type LegacySseOptions = HttpTransportCommon;

export class LegacySseTransport extends HttpTransportBase implements Transport {
  readonly kind = 'sse' as const;
  private endpoint: URL | undefined;
  private posts = 0;
  /** The last POST; the next waits for it (see send). */
  private postQueue: Promise<void> = Promise.resolve();

  constructor(options: LegacySseOptions) {
    super(options, 'sse', 8);
  }

  async start(): Promise<void> {
    await this.watchServerProcess();
    const headers = { ...this.extraHeaders(), accept: 'text/event-stream' };
    const outcome = await httpCall({ method: 'GET', url: this.url, headers, agent: this.agent, timeoutMs: this.timeoutMs, signal: this.aborter.signal });
    const exchange: HttpExchange = { method: 'GET', url: this.url.pathname, streamId: 'sse', requestHeaders: headers, responseHeaders: {} };
    if (!outcome.ok) {
      throw new TransportStartError(`Failed to connect to ${this.description}: ${outcome.error}`);
    }
    exchange.status = outcome.response.statusCode ?? 0;
    exchange.responseHeaders = outcome.headers;
    const type = mediaType(outcome.headers['content-type']);
    if (type) exchange.contentType = type;
    this.emit({ kind: 'http', exchange });
    if (exchange.status !== 200 || type !== 'text/event-stream') {
      outcome.response.resume();
      throw new TransportStartError(`Failed to open the SSE stream at ${this.description}: HTTP ${exchange.status} ${type ?? ''}`.trim());
    }
    // The first `endpoint` event tells where to POST; wait for it, bounded.
    const endpoint = new Promise<URL | undefined>((resolve) => {
      const cancelDeadline = startDeadline(this.timeoutMs, () => resolve(undefined));
      this.track(
        this.readStream(outcome.response, (url) => {
          cancelDeadline();
          resolve(url);
        }).finally(() => {
          cancelDeadline();
          resolve(undefined);
        }),
      );
    });
    this.endpoint = await endpoint;
    if (!this.endpoint) {
      this.aborter.abort();
      throw new TransportStartError(`Failed to use ${this.description}: no \`endpoint\` event within ${this.timeoutMs} ms`);
    }
  }

  async send(text: string, _options?: SendOptions): Promise<void> {
    if (this.closed || !this.endpoint) return;
    const ids = messageFacts(text).requestIds;
    const headers = { ...this.extraHeaders(), 'content-type': 'application/json' };
    const streamId = `post-${++this.posts}`;
    const endpoint = this.endpoint;
    // One POST at a time, each after the previous one was acknowledged: separate HTTP requests may
    // otherwise reach the server out of order (a cancellation before the request it cancels).
    const post = this.postQueue.then(async () => {
      const outcome = await httpCall({
        method: 'POST',
        url: endpoint,
        headers,
        body: text,
        agent: this.agent,
        timeoutMs: this.timeoutMs,
        signal: this.aborter.signal,
      });
      const exchange: HttpExchange = { method: 'POST', url: endpoint.pathname + endpoint.search, streamId, requestHeaders: headers, responseHeaders: {} };
      if (!outcome.ok) exchange.error = outcome.error;
      else {
        exchange.status = outcome.response.statusCode ?? 0;
        exchange.responseHeaders = outcome.headers;
        const type = mediaType(outcome.headers['content-type']);
        if (type) exchange.contentType = type;
        // Answers come on the SSE stream; the POST's own body is only an acknowledgement.
        await readBody(outcome.response, this.timeoutMs, 64 * 1024, this.aborter.signal);
      }
      this.emit({ kind: 'http', exchange });
      const status = exchange.status ?? 0;
      if (ids.length > 0 && (status < 200 || status >= 300)) {
        this.emit({
          kind: 'undelivered',
          ids,
          reason: exchange.error ? `the POST failed: ${exchange.error}` : `the POST was answered with HTTP ${status}`,
          ...(exchange.error ? {} : { status }),
        });
      }
    });
    this.postQueue = post.catch(() => undefined);
    this.track(post);
  }

  async close(): Promise<CloseReport> {
    const started = Date.now();
    if (this.closed) return { exitedGracefully: true, escalation: 'none', ms: 0 };
    this.closed = true;
    return this.shutdown(started);
  }

  private async readStream(response: IncomingMessage, onEndpoint: (url: URL) => void): Promise<void> {
    await readSse(response, {
      streamId: 'sse',
      timeoutMs: Infinity,
      maxBytes: this.maxBody,
      onTooLarge: (held) => this.reportOverLimit('an SSE event on the legacy stream', held),
      signal: this.aborter.signal,
      onEvent: (event) => {
        if (event.event === 'endpoint') {
          try {
            onEndpoint(new URL(event.data.trim(), this.url));
          } catch {
            this.emit({ kind: 'non-json', text: event.data, reason: 'the endpoint event is not a URL' });
          }
          return;
        }
        if (event.data.trim() === '') return;
        let json: unknown;
        try {
          json = JSON.parse(event.data);
        } catch {
          this.emit({ kind: 'non-json', text: event.data.slice(0, 2000), reason: 'SSE message event is not JSON' });
          return;
        }
        this.emit({ kind: 'message', message: json, text: event.data, streamId: 'sse', ...(event.id !== undefined ? { eventId: event.id } : {}) });
      },
    });
    if (!this.closed) this.reportEnd('the server ended the SSE stream');
  }
}
