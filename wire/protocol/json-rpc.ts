// JSON-RPC 2.0 message types and classification, shared by the runner, the mocks and the fuzzer.
// Classification is total: anything that is not a well-formed message is reported as `invalid`.

export type RequestId = string | number;

export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: RequestId;
  method: string;
  params?: Record<string, unknown>;
}

export interface JsonRpcNotification {
  jsonrpc: '2.0';
  method: string;
  params?: Record<string, unknown>;
}

export interface JsonRpcError {
  code: number;
  message: string;
  data?: unknown;
}

export interface JsonRpcResultResponse {
  jsonrpc: '2.0';
  id: RequestId;
  result: Record<string, unknown>;
}

export interface JsonRpcErrorResponse {
  jsonrpc: '2.0';
  /** Absent only from 2025-11-25 on, when the request's id could not be determined. */
  id?: RequestId | null;
  error: JsonRpcError;
}

export type JsonRpcResponse = JsonRpcResultResponse | JsonRpcErrorResponse;
export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse;

export type MessageKind = 'request' | 'notification' | 'response' | 'batch' | 'invalid';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

/** Classifies a parsed JSON value; returns `invalid` with a reason for anything malformed. */
export function classify(value: unknown): { kind: MessageKind; reason?: string } {
  if (Array.isArray(value)) return { kind: 'batch' };
  if (!isObject(value)) return { kind: 'invalid', reason: 'not a JSON object' };
  if (value.jsonrpc !== '2.0') return { kind: 'invalid', reason: 'missing or wrong "jsonrpc" member (must be "2.0")' };
  const hasMethod = typeof value.method === 'string';
  const hasId = 'id' in value;
  const hasResult = 'result' in value;
  const hasError = 'error' in value;
  if (hasMethod) {
    if (hasResult || hasError) return { kind: 'invalid', reason: 'has both "method" and "result"/"error"' };
    if ('params' in value && !isObject(value.params) && !Array.isArray(value.params)) {
      return { kind: 'invalid', reason: '"params" is neither an object nor an array' };
    }
    if (!hasId) return { kind: 'notification' };
    if (!isRequestId(value.id)) return { kind: 'invalid', reason: 'request "id" must be a string or a number' };
    return { kind: 'request' };
  }
  if (hasResult && hasError) return { kind: 'invalid', reason: 'response has both "result" and "error"' };
  if (hasResult || hasError) {
    // A result always needs an id. An error may omit it: 2025-11-25 made `id` optional on error
    // responses (for errors such as a parse error, where no id could be read). Older revisions
    // require it; the per-revision schema check reports that, so classification stays revision-free.
    if (!hasId && hasResult) return { kind: 'invalid', reason: 'response has no "id"' };
    if (hasError) {
      const e = value.error;
      if (!isObject(e) || typeof e.code !== 'number' || !Number.isInteger(e.code) || typeof e.message !== 'string') {
        return { kind: 'invalid', reason: '"error" must be an object with an integer "code" and a string "message"' };
      }
      if (hasId && value.id !== null && !isRequestId(value.id)) return { kind: 'invalid', reason: 'response "id" must be a string, a number or null' };
    } else if (!isRequestId(value.id)) {
      return { kind: 'invalid', reason: 'response "id" must be a string or a number' };
    }
    return { kind: 'response' };
  }
  return { kind: 'invalid', reason: 'neither a request, a notification nor a response' };
}

function isResponse(m: unknown): m is JsonRpcResponse {
  return classify(m).kind === 'response';
}
export function isErrorResponse(m: unknown): m is JsonRpcErrorResponse {
  return isResponse(m) && 'error' in m;
}

/** A stable key for maps keyed by request id that keeps "1" and 1 apart. */
export function idKey(id: RequestId | null): string {
  return `${typeof id}:${String(id)}`;
}

/** Whether `text` parses as JSON at all (of any shape): tells a cut or foreign line from a message. */
export function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
