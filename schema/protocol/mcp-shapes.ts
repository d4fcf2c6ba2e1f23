// Recurring MCP shapes shared by the base model and the change files: request and notification
// objects, their params, `_meta` members and content-block unions, so each revision file states only what differs.
import { type SchemaObject, allOf, anyOf, constant, object, openObject, ref, union } from './schema-dsl.js';

/** `_meta` on results, content and other objects up to 2025-11-25: any object. */
export function meta(): SchemaObject {
  return openObject();
}

/** `_meta` on request params up to 2025-11-25: any object whose `progressToken` is a ProgressToken. */
export function requestMeta(): SchemaObject {
  return object({ progressToken: ref('ProgressToken') });
}

/** Params of a request that has none of its own (ping, roots/list, ...). */
export function bareRequestParams(): SchemaObject {
  return object({ _meta: requestMeta() });
}

/** Params of a notification that has none of its own (initialized, list_changed, ...). */
export function bareNotificationParams(): SchemaObject {
  return object({ _meta: meta() });
}

/** The MCP-level request object `{ method, params }` of revisions before 2025-11-25. */
export function request(method: string, params: SchemaObject, paramsRequired: boolean): SchemaObject {
  return object({ method: constant(method), params }, paramsRequired ? ['method', 'params'] : ['method']);
}

/** The MCP-level notification object `{ method, params }` of revisions before 2025-11-25. */
export function notification(method: string, params: SchemaObject, paramsRequired: boolean): SchemaObject {
  return object({ method: constant(method), params }, paramsRequired ? ['method', 'params'] : ['method']);
}

/** From 2025-11-25 a request definition is the whole JSON-RPC message. */
export function jsonRpcRequest(method: string, params: SchemaObject, paramsRequired: boolean): SchemaObject {
  return object(
    { jsonrpc: constant('2.0'), id: ref('RequestId'), method: constant(method), params },
    paramsRequired ? ['jsonrpc', 'id', 'method', 'params'] : ['jsonrpc', 'id', 'method'],
  );
}

/** From 2025-11-25 a notification definition is the whole JSON-RPC message. */
export function jsonRpcNotification(method: string, params: SchemaObject, paramsRequired: boolean): SchemaObject {
  return object({ jsonrpc: constant('2.0'), method: constant(method), params }, paramsRequired ? ['jsonrpc', 'method', 'params'] : ['jsonrpc', 'method']);
}

/** A paginated list request up to 2025-06-18. */
export function paginatedRequest(method: string): SchemaObject {
  return request(method, object({ _meta: requestMeta(), cursor: ref('Cursor') }), false);
}

/** Definition names of the content blocks, keyed by their `type` member. */
const CONTENT_TYPES = {
  text: 'TextContent',
  image: 'ImageContent',
  audio: 'AudioContent',
  resource_link: 'ResourceLink',
  resource: 'EmbeddedResource',
  tool_use: 'ToolUseContent',
  tool_result: 'ToolResultContent',
} as const;

export type ContentKind = keyof typeof CONTENT_TYPES;

/** A content block limited to the given kinds, told apart by `type`. */
export function contentUnion(...kinds: ContentKind[]): SchemaObject {
  return union('type', Object.fromEntries(kinds.map((k) => [k, CONTENT_TYPES[k]])));
}

/** Text or binary resource contents (no discriminator: the member present decides). */
export function resourceContents(): SchemaObject {
  return { anyOf: [ref('TextResourceContents'), ref('BlobResourceContents')] };
}

/**
 * The result a response to a request must carry: its usual result, or an alternative selected by a
 * condition on the result object (checked in order). Written as `if`/`then`/`else` so a broken
 * result is reported against the one type it claims to be.
 */
export function resultChoice(result: string, alternatives: readonly { when: SchemaObject; type: string }[] = []): SchemaObject {
  let schema: SchemaObject = ref(result);
  for (const alternative of [...alternatives].reverse()) {
    schema = { if: alternative.when, then: ref(alternative.type), else: schema };
  }
  return schema;
}

/**
 * The response to a request that failed with a code whose `data` has a defined shape (from 2025-11-25).
 * `id: null` is allowed as for every error response (see deviations.ts).
 */
export function typedErrorResponse(code: number, data?: SchemaObject): SchemaObject {
  const error = data ? object({ code: constant(code), data }, ['code', 'data']) : object({ code: constant(code) }, ['code']);
  return object({ jsonrpc: constant('2.0'), id: anyOf(ref('RequestId'), { type: 'null' }), error: allOf(ref('Error'), error) }, ['jsonrpc', 'error']);
}
