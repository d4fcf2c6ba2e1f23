// The HTTP facts of one exchange (a POST, a GET stream, a DELETE), recorded beside the JSON-RPC
// messages so that checks and scenarios can judge status codes, headers and SSE event ids.

export type HttpMethod = 'POST' | 'GET' | 'DELETE';

export interface HttpExchange {
  method: HttpMethod;
  url: string;
  /** Our name for the response stream, e.g. `post-3` or `get-1`; SSE messages carry it. */
  streamId: string;
  /** Request headers we sent, names lower-cased. */
  requestHeaders: Record<string, string>;
  /** Undefined when no response arrived (connection refused, timeout). */
  status?: number;
  /** Response headers, names lower-cased (repeated headers joined with ", "). */
  responseHeaders: Record<string, string>;
  /** The media type of the response without parameters, lower-cased. */
  contentType?: string;
  /** Why no usable response arrived. */
  error?: string;
  /** The start of a body that was neither JSON-RPC nor SSE (error pages), for reports. */
  bodySnippet?: string;
}

/** One SSE event read from a stream, with the id the server gave it (if any). */
export interface SseEvent {
  streamId: string;
  id?: string;
  event?: string;
  data: string;
}

/** A request written by a scenario at the HTTP level, bypassing the session's own bookkeeping. */
export interface RawHttpRequest {
  method: HttpMethod | 'PUT' | 'PATCH';
  /** Extra or overriding headers; a value of null removes a header the transport would add. */
  headers?: Record<string, string | null>;
  body?: string;
  /** Send the session's Mcp-Session-Id and MCP-Protocol-Version (default true). */
  useSession?: boolean;
  /** How long to read an SSE body before giving up on its end (default: the timeout). */
  readMs?: number;
  /** Stop reading an SSE body after this many events (then the stream is dropped). */
  maxEvents?: number;
}

export interface RawHttpResponse {
  exchange: HttpExchange;
  /** The parsed JSON body, when the body was JSON. */
  json?: unknown;
  /** SSE events in order, when the body was an event stream. */
  events: SseEvent[];
  /** Raw body text for anything else (bounded). */
  text?: string;
  /** True when reading stopped at the bound rather than at the end of the body. */
  cut: boolean;
}

/**
 * Implemented by HTTP transports: lets steps issue requests whose HTTP details are the subject of
 * the test (status codes, headers, resumption) on the same session as the conversation.
 */
export interface HttpCapable {
  readonly sessionId: string | undefined;
  rawRequest(request: RawHttpRequest): Promise<RawHttpResponse>;
}

export function isHttpCapable(value: unknown): value is HttpCapable {
  return typeof value === 'object' && value !== null && typeof (value as { rawRequest?: unknown }).rawRequest === 'function';
}
