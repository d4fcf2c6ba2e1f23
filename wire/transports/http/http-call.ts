// One bounded HTTP request with node:http(s): resolves with status, headers and the body stream,
// or with an error sentence. Every request is tied to an AbortSignal so close() can end it.
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';

export interface HttpCallOptions {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string;
  agent: http.Agent;
  /** Bound on the wait for the response headers. */
  timeoutMs: number;
  signal: AbortSignal;
}

export type HttpCallOutcome =
  | { ok: true; response: IncomingMessage; headers: Record<string, string> }
  | { ok: false; error: string };

export function httpCall(options: HttpCallOptions): Promise<HttpCallOutcome> {
  return new Promise((resolve) => {
    if (options.signal.aborted) {
      resolve({ ok: false, error: 'the connection was closed by the runner' });
      return;
    }
    const lib = options.url.protocol === 'https:' ? https : http;
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
    let settled = false;
    const settle = (outcome: HttpCallOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = lib.request(options.url, { method: options.method, headers, agent: options.agent, signal: options.signal });
    const timer = setTimeout(() => {
      settle({ ok: false, error: `no response headers within ${options.timeoutMs} ms` });
      request.destroy();
    }, options.timeoutMs);
    request.on('response', (response) => {
      // The body is the caller's to read (or drop) from here on.
      response.on('error', () => undefined);
      settle({ ok: true, response, headers: flattenHeaders(response.headers) });
    });
    request.on('error', (err: NodeJS.ErrnoException) => settle({ ok: false, error: describeSocketError(err, options.url) }));
    request.end(options.body);
  });
}

/** Reads a whole body as text, bounded in time and size; `cut` says whether a bound stopped it. */
export function readBody(response: IncomingMessage, timeoutMs: number, maxBytes: number, signal: AbortSignal): Promise<{ text: string; cut: boolean }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (cut: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      if (cut) response.destroy();
      resolve({ text: Buffer.concat(chunks).toString('utf8'), cut });
    };
    const onAbort = () => finish(true);
    const timer = setTimeout(() => finish(true), timeoutMs);
    signal.addEventListener('abort', onAbort, { once: true });
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
      else finish(true);
    });
    response.on('end', () => finish(false));
    response.on('close', () => finish(false));
  });
}

export function flattenHeaders(raw: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** The media type of a Content-Type header, lower-cased, without parameters. */
export function mediaType(contentType: string | undefined): string | undefined {
  if (!contentType) return undefined;
  return contentType.split(';')[0]!.trim().toLowerCase() || undefined;
}

function describeSocketError(err: NodeJS.ErrnoException, url: URL): string {
  if (err.name === 'AbortError') return 'the connection was closed by the runner';
  if (err.code === 'ECONNREFUSED') return `nothing listens at ${url.host} (connection refused)`;
  if (err.code === 'ECONNRESET') return 'the server reset the connection';
  if (err.code === 'ENOTFOUND') return `the host ${url.hostname} was not found`;
  return err.message;
}
