// Reading the Streamable HTTP wire from a fetch `Request`: media types, message ids, which era a
// POST belongs to, and the 2026-07-28 standard headers that must agree with the body. Pure
// functions, so the fetch handler keeps only the routing.
import { idKey, META } from '../../wire/protocol/index.js';
import { isRevision, isStateless } from '../../schema/revisions.js';

export const JSON_TYPE = 'application/json';
export const SSE_TYPE = 'text/event-stream';

/**
 * HTTP statuses 2026-07-28 gives to some errors of a request answered alone (basic/transports/streamable-http,
 * -32020 also for the Mcp-Param-* headers a tool handler checks;
 * -32021 from basic/index, per-request protocol fields).
 */
const ERROR_STATUS: Record<number, number> = { [-32601]: 404, [-32022]: 400, [-32021]: 400, [-32020]: 400 };

export function mediaType(value: string | null): string | undefined {
  return value == null ? undefined : value.split(';')[0]!.trim().toLowerCase();
}

export function accepts(request: Request, type: string): boolean {
  const accept = (request.headers.get('accept') ?? '').toLowerCase();
  return accept.split(',').some((part) => {
    const t = part.split(';')[0]!.trim();
    return t === type || t === '*/*' || t === `${type.split('/')[0]}/*`;
  });
}

/** Anything with a usable id that is not a response expects an answer (a malformed request gets -32600). */
export function isRequestMessage(m: unknown): m is { id: string | number } {
  const o = m as { id?: unknown };
  return (typeof o.id === 'string' || typeof o.id === 'number') && !('result' in (m as object)) && !('error' in (m as object));
}

/** Response ids an outgoing message (or batch) carries, as idKeys. */
export function responseIdsOf(message: object): string[] {
  const list = Array.isArray(message) ? message : [message];
  return list
    .filter((m: Record<string, unknown>) => !('method' in m) && ('result' in m || 'error' in m))
    .map((m: Record<string, unknown>) => idKey((m.id ?? null) as string | number | null));
}

/** A request is on the stateless wire when its `_meta` (or the header) names a stateless revision. */
export function isStatelessMessage(first: unknown, versionHeader: string | undefined): boolean {
  const meta = ((first as { params?: { _meta?: Record<string, unknown> } }).params?._meta ?? {}) as Record<string, unknown>;
  const version = typeof meta[META.protocolVersion] === 'string' ? (meta[META.protocolVersion] as string) : versionHeader;
  return version !== undefined && isRevision(version) && isStateless(version);
}

/** 2026-07-28: the standard headers must be present and agree with the body. */
export function headerMismatch(
  request: Request,
  first: { method?: string; params?: Record<string, unknown> },
  versionHeader: string | undefined,
): string | undefined {
  const meta = (first.params?._meta ?? {}) as Record<string, unknown>;
  // No version anywhere: the connection answers the missing `_meta` itself.
  if (meta[META.protocolVersion] === undefined) return undefined;
  if (versionHeader === undefined) return 'MCP-Protocol-Version header is missing';
  if (meta[META.protocolVersion] !== versionHeader) {
    return `MCP-Protocol-Version header value '${versionHeader}' does not match body value '${String(meta[META.protocolVersion])}'`;
  }
  if (first.method === undefined) return undefined;
  const method = request.headers.get('mcp-method') ?? undefined;
  if (method === undefined) return 'Mcp-Method header is missing';
  if (method !== first.method) return `Mcp-Method header value '${method}' does not match body value '${first.method}'`;
  const key = first.method === 'resources/read' ? 'uri' : first.method === 'tools/call' || first.method === 'prompts/get' ? 'name' : undefined;
  // A body without the mirrored value is malformed params: the connection answers -32602.
  if (key && typeof first.params?.[key] === 'string') {
    const name = request.headers.get('mcp-name') ?? undefined;
    const expected = first.params[key] as string;
    if (name === undefined) return 'Mcp-Name header is missing';
    if (decodeSentinel(name) !== expected) return `Mcp-Name header value '${name}' does not match body value '${expected}'`;
  }
  return undefined;
}

/**
 * The status of a message that is the sole answer to the POST: an error with a status of its own.
 * -32602 has one only when it refuses a request lacking a required `_meta` field (basic/index: 400);
 * other invalid params keep 200.
 */
export function loneErrorStatus(message: object, requestIds: string[], metaMissing: boolean): number | undefined {
  const m = message as { id?: unknown; error?: { code?: unknown } };
  if (Array.isArray(message) || requestIds.length !== 1 || typeof m.error?.code !== 'number') return undefined;
  if (idKey((m.id ?? null) as string | number | null) !== requestIds[0]) return undefined;
  if (m.error.code === -32602 && metaMissing) return 400;
  return ERROR_STATUS[m.error.code];
}

/** A request whose `_meta` lacks the protocol version or the client capabilities (both required). */
export function lacksRequiredMeta(first: { method?: string; params?: Record<string, unknown> }): boolean {
  const meta = (first.params?._meta ?? {}) as Record<string, unknown>;
  return first.method !== undefined && (meta[META.protocolVersion] === undefined || meta[META.clientCapabilities] === undefined);
}

/** A version header naming a stateless revision (2026-07-28): no sessions, no GET stream. */
export function statelessVersion(versionHeader: string | undefined): boolean {
  return versionHeader !== undefined && isRevision(versionHeader) && isStateless(versionHeader);
}

function decodeSentinel(value: string): string {
  const m = /^=\?base64\?(.*)\?=$/.exec(value);
  return m ? Buffer.from(m[1]!, 'base64').toString('utf8') : value;
}

/** The body as text, or undefined once it passes `max` bytes (read no further: the answer is 413). */
export async function readBodyText(request: Pick<Request, 'body'>, max: number): Promise<string | undefined> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function rpcError(status: number, code: number, message: string, id: string | number | null = null): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }), { status, headers: { 'content-type': JSON_TYPE } });
}

export function plainError(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(`${message}\n`, { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers } });
}
