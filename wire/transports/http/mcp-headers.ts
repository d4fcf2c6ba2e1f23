// Which MCP headers a POST carries, decided from the message itself: MCP-Protocol-Version once a
// revision is known (2025-06-18 on), and 2026-07-28's Mcp-Method / Mcp-Name / Mcp-Param-* mirrors
// of the body.
import { encodeHeaderValue, META, paramHeadersFor } from '../../protocol/index.js';

/**
 * Methods whose `params.name`, `params.uri` or `params.taskId` is mirrored in Mcp-Name (2026-07-28).
 * The tasks extension (io.modelcontextprotocol/tasks, "Streamable HTTP: Routing Headers") makes the
 * client name the task of tasks/get, tasks/update and tasks/cancel, so load balancers can route it.
 */
const NAMED: Record<string, 'name' | 'uri' | 'taskId'> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

export interface MessageFacts {
  /** Ids of the requests in the body (one, or several for a batch). */
  requestIds: (string | number | null)[];
  method?: string;
  /** The protocol version a stateless request names in its `_meta`. */
  metaVersion?: string;
  /** The value Mcp-Name mirrors, when the method has one. */
  name?: string;
  /** For notifications/cancelled: the id of the request it cancels. */
  cancels?: string | number;
  /** The `protocolVersion` of an `initialize` request. */
  initializeVersion?: string;
  /** The `arguments` of a tools/call, mirrored in Mcp-Param-* headers where the tool asks for it. */
  arguments?: unknown;
}

/** Reads what the transport needs from a serialised message; tolerant of anything unparsable. */
export function messageFacts(text: string): MessageFacts {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Unreadable input is answered with a parse error whose id is null (JSON-RPC 2.0, section 5):
    // that answer is expected, so it reaches the session instead of being kept as a raw body.
    return { requestIds: [null] };
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  const facts: MessageFacts = { requestIds: [] };
  for (const item of list) {
    if (!item || typeof item !== 'object') continue;
    const m = item as { id?: unknown; method?: unknown; params?: Record<string, unknown> };
    // Anything with an id that is not a response expects an answer, malformed requests included.
    const isResponse = 'result' in m || 'error' in m;
    if (!isResponse && 'id' in m && (typeof m.id === 'string' || typeof m.id === 'number' || m.id === null)) facts.requestIds.push(m.id);
  }
  const first = (Array.isArray(parsed) ? undefined : parsed) as { method?: unknown; params?: Record<string, unknown> } | undefined;
  if (first && typeof first.method === 'string') {
    facts.method = first.method;
    const params = first.params && typeof first.params === 'object' ? first.params : {};
    const meta = (params._meta ?? {}) as Record<string, unknown>;
    if (typeof meta[META.protocolVersion] === 'string') facts.metaVersion = meta[META.protocolVersion] as string;
    const key = NAMED[first.method];
    if (key && typeof params[key] === 'string') facts.name = params[key] as string;
    if (first.method === 'tools/call' && params.arguments !== undefined) facts.arguments = params.arguments;
    if (first.method === 'initialize' && typeof params.protocolVersion === 'string') facts.initializeVersion = params.protocolVersion;
    if (first.method === 'notifications/cancelled' && (typeof params.requestId === 'string' || typeof params.requestId === 'number'))
      facts.cancels = params.requestId;
  }
  return facts;
}

/**
 * The per-message MCP headers for a POST (names lower-cased). `stateless` is the cell's revision
 * when it is a stateless one: a request that does not name its version in `_meta` (a scenario
 * leaving it out on purpose) still carries that revision's headers, since every 2026-07-28 POST
 * must, and a server may take a POST without MCP-Protocol-Version for a 2025-03-26 request.
 * `inputSchema` is the called tool's, when known: its x-mcp-header arguments become Mcp-Param-* headers.
 */
export function mcpHeaders(facts: MessageFacts, negotiated: string | undefined, stateless?: string, inputSchema?: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const wire = wireVersion(facts, stateless);
  const version = wire ?? negotiated;
  if (version) out['mcp-protocol-version'] = version;
  if (wire) {
    // Stateless wire: the method (and name) travel in headers too, so intermediaries can route.
    if (facts.method) out['mcp-method'] = facts.method;
    if (facts.name !== undefined) out['mcp-name'] = encodeHeaderValue(facts.name);
    if (facts.method === 'tools/call' && inputSchema !== undefined) Object.assign(out, paramHeadersFor(inputSchema, facts.arguments));
  }
  return out;
}

/** The stateless revision a message travels at: the one its `_meta` names, else the cell's (never for initialize). */
export function wireVersion(facts: MessageFacts, stateless?: string): string | undefined {
  return facts.metaVersion ?? (facts.method !== undefined && facts.method !== 'initialize' ? stateless : undefined);
}
