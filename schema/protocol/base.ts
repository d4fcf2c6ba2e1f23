// The protocol model of the first revision, 2024-11-05: every definition and method table from which
// later revisions are derived by the change files in ./changes (read those to see what changed when).
import type { ProtocolModel } from './model.js';
import {
  type SchemaObject,
  anyOf,
  anything,
  array,
  base64,
  bool,
  constant,
  int,
  num,
  object,
  oneOfStrings,
  openObject,
  record,
  ref,
  str,
  strings,
  union,
  unitInterval,
  uri,
  uriTemplate,
} from './schema-dsl.js';
import {
  bareNotificationParams,
  bareRequestParams,
  contentUnion,
  meta,
  notification,
  paginatedRequest,
  request,
  requestMeta,
  resourceContents,
} from './mcp-shapes.js';

/** Annotations as 2024-11-05 inlines them (the `Annotated` mixin); 2025-03-26 names them. */
function inlineAnnotations(): SchemaObject {
  return object({ audience: array(ref('Role')), priority: unitInterval() });
}

/**
 * JSON-RPC 2.0 forbids a response carrying both `result` and `error`; the official schemas leave it
 * open. We state it (see deviations.ts) so a response is never valid under both shapes.
 */
const noError: SchemaObject = { not: { required: ['error'] } };
const noResult: SchemaObject = { not: { required: ['result'] } };

const jsonRpc: Record<string, SchemaObject> = {
  RequestId: { type: ['string', 'integer'] },
  ProgressToken: { type: ['string', 'integer'] },
  Cursor: str(),
  JSONRPCRequest: object({ jsonrpc: constant('2.0'), id: ref('RequestId'), method: str(), params: bareRequestParams() }, ['jsonrpc', 'id', 'method']),
  JSONRPCNotification: object({ jsonrpc: constant('2.0'), method: str(), params: bareNotificationParams() }, ['jsonrpc', 'method']),
  JSONRPCResponse: {
    ...object({ jsonrpc: constant('2.0'), id: ref('RequestId'), result: ref('Result') }, ['jsonrpc', 'id', 'result']),
    ...noError,
  },
  // `id: null` is what JSON-RPC 2.0 prescribes when the request's id could not be read (parse error).
  JSONRPCError: {
    ...object(
      {
        jsonrpc: constant('2.0'),
        id: anyOf(ref('RequestId'), { type: 'null' }),
        error: object({ code: int(), message: str(), data: anything() }, ['code', 'message']),
      },
      ['jsonrpc', 'id', 'error'],
    ),
    ...noResult,
  },
  JSONRPCMessage: anyOf(ref('JSONRPCRequest'), ref('JSONRPCNotification'), ref('JSONRPCResponse'), ref('JSONRPCError')),
};

const base: Record<string, SchemaObject> = {
  Request: object({ method: str(), params: bareRequestParams() }, ['method']),
  Notification: object({ method: str(), params: bareNotificationParams() }, ['method']),
  Result: object({ _meta: meta() }),
  EmptyResult: ref('Result'),
  PaginatedRequest: object({ method: str(), params: object({ _meta: requestMeta(), cursor: ref('Cursor') }) }, ['method']),
  PaginatedResult: object({ _meta: meta(), nextCursor: ref('Cursor') }),
  Role: oneOfStrings(['user', 'assistant']),
};

const lifecycle: Record<string, SchemaObject> = {
  Implementation: object({ name: str(), version: str() }, ['name', 'version']),
  ClientCapabilities: object({
    experimental: record(openObject()),
    roots: object({ listChanged: bool() }),
    sampling: openObject(),
  }),
  ServerCapabilities: object({
    experimental: record(openObject()),
    logging: openObject(),
    prompts: object({ listChanged: bool() }),
    resources: object({ subscribe: bool(), listChanged: bool() }),
    tools: object({ listChanged: bool() }),
  }),
  InitializeRequest: request(
    'initialize',
    object({ _meta: requestMeta(), protocolVersion: str(), capabilities: ref('ClientCapabilities'), clientInfo: ref('Implementation') }, [
      'protocolVersion',
      'capabilities',
      'clientInfo',
    ]),
    true,
  ),
  InitializeResult: object(
    { _meta: meta(), protocolVersion: str(), capabilities: ref('ServerCapabilities'), serverInfo: ref('Implementation'), instructions: str() },
    ['protocolVersion', 'capabilities', 'serverInfo'],
  ),
  InitializedNotification: notification('notifications/initialized', bareNotificationParams(), false),
  PingRequest: request('ping', bareRequestParams(), false),
};

const utilities: Record<string, SchemaObject> = {
  ProgressNotification: notification(
    'notifications/progress',
    object({ _meta: meta(), progressToken: ref('ProgressToken'), progress: num(), total: num() }, ['progressToken', 'progress']),
    true,
  ),
  CancelledNotification: notification('notifications/cancelled', object({ _meta: meta(), requestId: ref('RequestId'), reason: str() }, ['requestId']), true),
  LoggingLevel: oneOfStrings(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']),
  SetLevelRequest: request('logging/setLevel', object({ _meta: requestMeta(), level: ref('LoggingLevel') }, ['level']), true),
  LoggingMessageNotification: notification(
    'notifications/message',
    object({ _meta: meta(), level: ref('LoggingLevel'), logger: str(), data: anything() }, ['level', 'data']),
    true,
  ),
  ResourceReference: object({ type: constant('ref/resource'), uri: uriTemplate() }, ['type', 'uri']),
  PromptReference: object({ type: constant('ref/prompt'), name: str() }, ['type', 'name']),
  CompleteRequest: request(
    'completion/complete',
    object(
      {
        _meta: requestMeta(),
        ref: union('type', { 'ref/prompt': 'PromptReference', 'ref/resource': 'ResourceReference' }),
        argument: object({ name: str(), value: str() }, ['name', 'value']),
      },
      ['ref', 'argument'],
    ),
    true,
  ),
  CompleteResult: object({ _meta: meta(), completion: object({ values: strings(), total: int(), hasMore: bool() }, ['values']) }, ['completion']),
};

const content: Record<string, SchemaObject> = {
  Annotated: object({ annotations: inlineAnnotations() }),
  TextContent: object({ type: constant('text'), text: str(), annotations: inlineAnnotations() }, ['type', 'text']),
  ImageContent: object({ type: constant('image'), data: base64(), mimeType: str(), annotations: inlineAnnotations() }, ['type', 'data', 'mimeType']),
  EmbeddedResource: object({ type: constant('resource'), resource: resourceContents(), annotations: inlineAnnotations() }, ['type', 'resource']),
};

const resources: Record<string, SchemaObject> = {
  Resource: object({ uri: uri(), name: str(), description: str(), mimeType: str(), size: int(), annotations: inlineAnnotations() }, ['uri', 'name']),
  ResourceTemplate: object({ uriTemplate: uriTemplate(), name: str(), description: str(), mimeType: str(), annotations: inlineAnnotations() }, [
    'uriTemplate',
    'name',
  ]),
  ResourceContents: object({ uri: uri(), mimeType: str() }, ['uri']),
  TextResourceContents: object({ uri: uri(), mimeType: str(), text: str() }, ['uri', 'text']),
  BlobResourceContents: object({ uri: uri(), mimeType: str(), blob: base64() }, ['uri', 'blob']),
  ListResourcesRequest: paginatedRequest('resources/list'),
  ListResourcesResult: object({ _meta: meta(), nextCursor: ref('Cursor'), resources: array(ref('Resource')) }, ['resources']),
  ListResourceTemplatesRequest: paginatedRequest('resources/templates/list'),
  ListResourceTemplatesResult: object({ _meta: meta(), nextCursor: ref('Cursor'), resourceTemplates: array(ref('ResourceTemplate')) }, ['resourceTemplates']),
  ReadResourceRequest: request('resources/read', object({ _meta: requestMeta(), uri: uri() }, ['uri']), true),
  ReadResourceResult: object({ _meta: meta(), contents: array(resourceContents()) }, ['contents']),
  SubscribeRequest: request('resources/subscribe', object({ _meta: requestMeta(), uri: uri() }, ['uri']), true),
  UnsubscribeRequest: request('resources/unsubscribe', object({ _meta: requestMeta(), uri: uri() }, ['uri']), true),
  ResourceListChangedNotification: notification('notifications/resources/list_changed', bareNotificationParams(), false),
  ResourceUpdatedNotification: notification('notifications/resources/updated', object({ _meta: meta(), uri: uri() }, ['uri']), true),
};

const prompts: Record<string, SchemaObject> = {
  Prompt: object({ name: str(), description: str(), arguments: array(ref('PromptArgument')) }, ['name']),
  PromptArgument: object({ name: str(), description: str(), required: bool() }, ['name']),
  PromptMessage: object({ role: ref('Role'), content: contentUnion('text', 'image', 'resource') }, ['role', 'content']),
  ListPromptsRequest: paginatedRequest('prompts/list'),
  ListPromptsResult: object({ _meta: meta(), nextCursor: ref('Cursor'), prompts: array(ref('Prompt')) }, ['prompts']),
  GetPromptRequest: request('prompts/get', object({ _meta: requestMeta(), name: str(), arguments: record(str()) }, ['name']), true),
  GetPromptResult: object({ _meta: meta(), description: str(), messages: array(ref('PromptMessage')) }, ['messages']),
  PromptListChangedNotification: notification('notifications/prompts/list_changed', bareNotificationParams(), false),
};

/** The input schema of a tool as the first revisions describe it: an object schema. */
function objectSchemaShape(): SchemaObject {
  return object({ type: constant('object'), properties: record(openObject()), required: strings() }, ['type']);
}

const tools: Record<string, SchemaObject> = {
  Tool: object({ name: str(), description: str(), inputSchema: objectSchemaShape() }, ['name', 'inputSchema']),
  ListToolsRequest: paginatedRequest('tools/list'),
  ListToolsResult: object({ _meta: meta(), nextCursor: ref('Cursor'), tools: array(ref('Tool')) }, ['tools']),
  CallToolRequest: request('tools/call', object({ _meta: requestMeta(), name: str(), arguments: record(anything()) }, ['name']), true),
  CallToolResult: object({ _meta: meta(), content: array(contentUnion('text', 'image', 'resource')), isError: bool() }, ['content']),
  ToolListChangedNotification: notification('notifications/tools/list_changed', bareNotificationParams(), false),
};

const client: Record<string, SchemaObject> = {
  SamplingMessage: object({ role: ref('Role'), content: contentUnion('text', 'image') }, ['role', 'content']),
  ModelHint: object({ name: str() }),
  ModelPreferences: object({
    hints: array(ref('ModelHint')),
    costPriority: unitInterval(),
    speedPriority: unitInterval(),
    intelligencePriority: unitInterval(),
  }),
  CreateMessageRequest: request(
    'sampling/createMessage',
    object(
      {
        _meta: requestMeta(),
        messages: array(ref('SamplingMessage')),
        modelPreferences: ref('ModelPreferences'),
        systemPrompt: str(),
        includeContext: oneOfStrings(['none', 'thisServer', 'allServers']),
        temperature: num(),
        maxTokens: int(),
        stopSequences: strings(),
        metadata: openObject(),
      },
      ['messages', 'maxTokens'],
    ),
    true,
  ),
  CreateMessageResult: object({ _meta: meta(), role: ref('Role'), content: contentUnion('text', 'image'), model: str(), stopReason: str() }, [
    'role',
    'content',
    'model',
  ]),
  Root: object({ uri: uri(), name: str() }, ['uri']),
  ListRootsRequest: request('roots/list', bareRequestParams(), false),
  ListRootsResult: object({ _meta: meta(), roots: array(ref('Root')) }, ['roots']),
  RootsListChangedNotification: notification('notifications/roots/list_changed', bareNotificationParams(), false),
};

const C = ['client'] as const;
const S = ['server'] as const;
const BOTH = ['client', 'server'] as const;

export const BASE_MODEL: ProtocolModel = {
  revision: '2024-11-05',
  defs: { ...jsonRpc, ...base, ...lifecycle, ...utilities, ...content, ...resources, ...prompts, ...tools, ...client },
  requests: {
    initialize: { type: 'InitializeRequest', result: 'InitializeResult', from: C },
    ping: { type: 'PingRequest', result: 'EmptyResult', from: BOTH },
    'resources/list': { type: 'ListResourcesRequest', result: 'ListResourcesResult', from: C },
    'resources/templates/list': { type: 'ListResourceTemplatesRequest', result: 'ListResourceTemplatesResult', from: C },
    'resources/read': { type: 'ReadResourceRequest', result: 'ReadResourceResult', from: C },
    'resources/subscribe': { type: 'SubscribeRequest', result: 'EmptyResult', from: C },
    'resources/unsubscribe': { type: 'UnsubscribeRequest', result: 'EmptyResult', from: C },
    'prompts/list': { type: 'ListPromptsRequest', result: 'ListPromptsResult', from: C },
    'prompts/get': { type: 'GetPromptRequest', result: 'GetPromptResult', from: C },
    'tools/list': { type: 'ListToolsRequest', result: 'ListToolsResult', from: C },
    'tools/call': { type: 'CallToolRequest', result: 'CallToolResult', from: C },
    'logging/setLevel': { type: 'SetLevelRequest', result: 'EmptyResult', from: C },
    'completion/complete': { type: 'CompleteRequest', result: 'CompleteResult', from: C },
    'sampling/createMessage': { type: 'CreateMessageRequest', result: 'CreateMessageResult', from: S },
    'roots/list': { type: 'ListRootsRequest', result: 'ListRootsResult', from: S },
  },
  notifications: {
    'notifications/cancelled': { type: 'CancelledNotification', from: BOTH },
    'notifications/progress': { type: 'ProgressNotification', from: BOTH },
    'notifications/initialized': { type: 'InitializedNotification', from: C },
    'notifications/roots/list_changed': { type: 'RootsListChangedNotification', from: C },
    'notifications/resources/list_changed': { type: 'ResourceListChangedNotification', from: S },
    'notifications/resources/updated': { type: 'ResourceUpdatedNotification', from: S },
    'notifications/prompts/list_changed': { type: 'PromptListChangedNotification', from: S },
    'notifications/tools/list_changed': { type: 'ToolListChangedNotification', from: S },
    'notifications/message': { type: 'LoggingMessageNotification', from: S },
  },
  typedErrors: {},
  batches: false,
};
