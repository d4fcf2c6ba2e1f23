// Sends one fuzzed HTTP input on the connection's own HTTP session (so Mcp-Session-Id and the
// negotiated MCP-Protocol-Version are there unless the input removes them) and reduces the answer
// to what the HTTP properties judge: the status and the JSON-RPC messages of the body.
import { isHttpCapable, type RawHttpResponse, type Transport } from '../../wire/protocol/index.js';
import type { HttpInput } from './fuzz-input.js';

export interface HttpAnswer {
  /** Null when no HTTP answer arrived (connection reset, timeout). */
  status: number | null;
  contentType: string | null;
  error?: string;
  /** The JSON-RPC messages of the body: the JSON value (its elements for an array) or the SSE events' data. */
  messages: unknown[];
}

export async function sendHttpInput(transport: Transport, input: HttpInput, body: string | undefined, readMs: number): Promise<HttpAnswer> {
  if (!isHttpCapable(transport)) throw new Error(`HTTP inputs need an HTTP transport, not ${transport.kind}`);
  const response = await transport.rawRequest({ method: input.method, headers: input.headers, ...(body !== undefined ? { body } : {}), readMs });
  return reduceAnswer(response);
}

function reduceAnswer(r: RawHttpResponse): HttpAnswer {
  const fromEvents = r.events.flatMap((e) => {
    try {
      return e.data.trim() === '' ? [] : [JSON.parse(e.data) as unknown];
    } catch {
      return [];
    }
  });
  const messages = r.json !== undefined ? (Array.isArray(r.json) ? r.json : [r.json]) : fromEvents;
  return {
    status: r.exchange.status ?? null,
    contentType: r.exchange.contentType ?? null,
    ...(r.exchange.error ? { error: r.exchange.error } : {}),
    messages,
  };
}
