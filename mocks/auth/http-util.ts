// Small HTTP helpers shared by the mock authorization server and the protected resource guard.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthRequestRecord } from './types.js';

const MAX_BODY = 64 * 1024;

function firstValues(entries: Iterable<[string, string]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of entries) if (!Object.hasOwn(out, k)) out[k] = v;
  return out;
}

function headersOf(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) out[name] = Array.isArray(value) ? value[0]! : value;
  return out;
}

/**
 * Reads a whole request body (bounded: an MCP message to forward, at most 64 MiB, the runner's own
 * default message limit; mock OAuth imports nothing of the runner, hence the figure here).
 */
export async function readRawBody(req: IncomingMessage, limit = 64 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error(`request body over ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Reads a small form or JSON body as flat strings; undefined when there is none or it is neither. */
export async function readSmallBody(req: IncomingMessage): Promise<Record<string, string> | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return undefined;
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return undefined;
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json') {
    try {
      const value = JSON.parse(text) as unknown;
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
    } catch {
      return undefined;
    }
  }
  return firstValues(new URLSearchParams(text));
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(value));
}

/** A record of `req` whose status reads the answer once written. */
export function recordOf(to: AuthRequestRecord['to'], req: IncomingMessage, res: ServerResponse, url: URL): AuthRequestRecord {
  return {
    to,
    method: req.method ?? '',
    path: url.pathname,
    query: firstValues(url.searchParams),
    headers: headersOf(req),
    get status() {
      return res.headersSent ? res.statusCode : 0;
    },
  };
}
