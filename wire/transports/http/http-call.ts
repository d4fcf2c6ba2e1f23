// One bounded HTTP request with node:http(s): resolves with status, headers and the body stream,
// or with an error sentence. Every request is tied to an AbortSignal so close() can end it.
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isUtf8 } from 'node:buffer';
import { startDeadline } from '../../protocol/index.js';

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

export type HttpCallOutcome = { ok: true; response: IncomingMessage; headers: Record<string, string> } | { ok: false; error: string; badHeader?: string };

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
      cancelDeadline();
      resolve(outcome);
    };
    const request = lib.request(options.url, { method: options.method, headers, agent: options.agent, signal: options.signal });
    const cancelDeadline = startDeadline(options.timeoutMs, () => {
      settle({ ok: false, error: `no response headers within ${options.timeoutMs} ms` });
      request.destroy();
    });
    request.on('response', (response) => {
      // The body is the caller's to read (or drop) from here on.
      response.on('error', () => undefined);
      settle({ ok: true, response, headers: flattenHeaders(response.headers) });
    });
    request.on('error', (err: NodeJS.ErrnoException) => {
      const badHeader = invalidHeaderName(err);
      settle({ ok: false, error: describeSocketError(err, options.url), ...(badHeader ? { badHeader } : {}) });
    });
    request.end(options.body);
  });
}

export interface BodyText {
  text: string;
  /** True when a bound (time, size, abort) stopped the reading before the body ended. */
  cut: boolean;
  /** True when the bytes are not valid UTF-8 (the text then holds U+FFFD in their place). */
  invalidUtf8: boolean;
  /** Set when the body passed `maxBytes`: the bytes read when reading stopped (the text holds the start only). */
  tooLarge?: number;
}

/** Reads a whole body as text, bounded in time and size; `cut` says whether a bound stopped it. */
export function readBody(response: IncomingMessage, timeoutMs: number, maxBytes: number, signal: AbortSignal): Promise<BodyText> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (cut: boolean, tooLarge?: number) => {
      if (done) return;
      done = true;
      cancelDeadline();
      signal.removeEventListener('abort', onAbort);
      if (cut) response.destroy();
      // A body over the limit is not read: its start is kept for the transcript, not the whole.
      const bytes = tooLarge !== undefined ? Buffer.concat(chunks.slice(0, 1)).subarray(0, 2000) : Buffer.concat(chunks, size);
      // A body cut at the bound may end inside a character: only a complete body is judged.
      resolve({ text: bytes.toString('utf8'), cut, invalidUtf8: !cut && !isUtf8(bytes), ...(tooLarge !== undefined ? { tooLarge } : {}) });
    };
    const onAbort = () => finish(true);
    const cancelDeadline = startDeadline(timeoutMs, () => finish(true));
    signal.addEventListener('abort', onAbort, { once: true });
    response.on('data', (chunk: Buffer) => {
      if (done) return;
      if (size + chunk.length <= maxBytes) {
        chunks.push(chunk);
        size += chunk.length;
      } else finish(true, size + chunk.length);
    });
    response.on('end', () => finish(false));
    response.on('close', () => finish(false));
  });
}

function flattenHeaders(raw: http.IncomingHttpHeaders): Record<string, string> {
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
  if (typeof err.code === 'string' && err.code.startsWith('HPE_')) {
    const line = invalidHeaderLine(err);
    return `the server's answer is not valid HTTP (${err.message})${line ? `: the header line ${JSON.stringify(line.slice(0, 160))}` : ''}`;
  }
  if (err.code === 'ECONNREFUSED') return `nothing listens at ${url.host} (connection refused)`;
  if (err.code === 'ECONNRESET') return 'the server reset the connection';
  if (err.code === 'ENOTFOUND') return `the host ${url.hostname} was not found`;
  return err.message;
}

/** The header line holding a control character, when the HTTP parser refused the answer for it. */
function invalidHeaderLine(err: NodeJS.ErrnoException): string | undefined {
  const raw = (err as { rawPacket?: unknown }).rawPacket;
  if (!Buffer.isBuffer(raw)) return undefined;
  // eslint-disable-next-line no-control-regex -- the point is to find control characters
  return raw
    .toString('latin1')
    .split('\r\n')
    .slice(1)
    .find((l) => /[\x00-\x08\x0a-\x1f\x7f]/.test(l));
}

/** The lower-cased name of the header the HTTP parser refused, if it can be told. */
function invalidHeaderName(err: NodeJS.ErrnoException): string | undefined {
  const line = invalidHeaderLine(err);
  const colon = line?.indexOf(':') ?? -1;
  return line && colon > 0 ? line.slice(0, colon).trim().toLowerCase() : undefined;
}
