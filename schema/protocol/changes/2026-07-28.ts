// What 2026-07-28 changed relative to 2025-11-25: the stateless protocol. No initialize, ping, tasks or
// server-to-client requests; per-request `_meta`, server/discover, resultType, input_required, cache hints, subscriptions/listen.
import { type RevisionChanges, addMembers, replaceEach } from '../model.js';
import {
  type SchemaObject,
  anyOf,
  anything,
  array,
  bool,
  constant,
  int,
  mapProperty,
  object,
  oneOfStrings,
  openObject,
  record,
  ref,
  str,
  strings,
  union,
  withProperties,
  withRequired,
  withoutProperties,
} from '../schema-dsl.js';
import { jsonRpcNotification, jsonRpcRequest, resultChoice, typedErrorResponse } from '../mcp-shapes.js';

const META = 'io.modelcontextprotocol';

/** `resultType: "input_required"` selects InputRequiredResult instead of the usual result. */
const inputRequired = {
  when: { properties: { resultType: { const: 'input_required' } }, required: ['resultType'] },
  type: 'InputRequiredResult',
} as const;

/** Members every cacheable result carries (CacheableResult). */
function cacheHints(): { ttlMs: SchemaObject; cacheScope: SchemaObject } {
  return { ttlMs: int({ minimum: 0 }), cacheScope: oneOfStrings(['public', 'private']) };
}

/** A JSON-RPC error object with a fixed code (the spec names the standard ones in this revision). */
function codedError(code: number): SchemaObject {
  return object({ code: constant(code), message: str(), data: anything() }, ['code', 'message']);
}

/** A response definition for one request: the envelope plus the result (and its alternative). */
function resultResponse(result: string, alternatives: readonly { when: SchemaObject; type: string }[] = []): SchemaObject {
  return { allOf: [ref('JSONRPCResultResponse'), object({ result: resultChoice(result, alternatives) })] };
}

const resultsWithType = ['PaginatedResult', 'GetPromptResult'] as const;
const cacheable = ['ListResourcesResult', 'ListResourceTemplatesResult', 'ListPromptsResult', 'ListToolsResult', 'ReadResourceResult'] as const;
const requestParams = ['PaginatedRequestParams', 'ResourceRequestParams', 'CompleteRequestParams'] as const;
const resumable = ['ReadResourceRequestParams', 'GetPromptRequestParams', 'CallToolRequestParams'] as const;
const notificationParams = [
  'NotificationParams',
  'ProgressNotificationParams',
  'LoggingMessageNotificationParams',
  'ResourceUpdatedNotificationParams',
] as const;
const plainMeta = [
  'TextContent',
  'ImageContent',
  'AudioContent',
  'EmbeddedResource',
  'ResourceLink',
  'ToolUseContent',
  'ToolResultContent',
  'ResourceContents',
  'TextResourceContents',
  'BlobResourceContents',
  'Resource',
  'ResourceTemplate',
  'Prompt',
  'Root',
  'SamplingMessage',
  'CreateMessageResult',
] as const;
const listRequests = [
  ['ListResourcesRequest', 'resources/list'],
  ['ListResourceTemplatesRequest', 'resources/templates/list'],
  ['ListPromptsRequest', 'prompts/list'],
  ['ListToolsRequest', 'tools/list'],
] as const;

const C = ['client'] as const;
const S = ['server'] as const;

export const CHANGES_2026_07_28: RevisionChanges = {
  revision: '2026-07-28',
  notes: [
    'Stateless: initialize, notifications/initialized and ping are gone; every request carries _meta with protocolVersion and clientCapabilities (RequestMetaObject).',
    'server/discover advertises supported versions and capabilities.',
    'Every result carries resultType; tools/call, prompts/get and resources/read may answer input_required (InputRequiredResult).',
    'Sampling, roots and elicitation are no longer JSON-RPC requests from the server: they travel inside InputRequiredResult (inputRequests) and come back as inputResponses.',
    'List results, resources/read and server/discover carry cache hints ttlMs and cacheScope.',
    'subscriptions/listen replaces resources/subscribe, resources/unsubscribe and the list_changed opt-ins; notifications/subscriptions/acknowledged confirms it.',
    'logging/setLevel is replaced by io.modelcontextprotocol/logLevel in request _meta.',
    'Tasks, URL elicitation ids, elicitation/complete and roots/list_changed are removed.',
    'Errors -32020 (header mismatch), -32021 (missing client capability), -32022 (unsupported protocol version).',
    'Capabilities may declare extensions; tool input schemas are any object schema and output schemas any schema.',
  ],
  defs: {
    remove: [
      'InitializeRequest',
      'InitializeRequestParams',
      'InitializeResult',
      'InitializedNotification',
      'PingRequest',
      'SetLevelRequest',
      'SetLevelRequestParams',
      'SubscribeRequest',
      'SubscribeRequestParams',
      'UnsubscribeRequest',
      'UnsubscribeRequestParams',
      'RootsListChangedNotification',
      'ElicitationCompleteNotification',
      'URLElicitationRequiredError',
      'ToolExecution',
      'Task',
      'TaskStatus',
      'TaskMetadata',
      'RelatedTaskMetadata',
      'TaskAugmentedRequestParams',
      'CreateTaskResult',
      'GetTaskRequest',
      'GetTaskResult',
      'GetTaskPayloadRequest',
      'GetTaskPayloadResult',
      'CancelTaskRequest',
      'CancelTaskResult',
      'ListTasksRequest',
      'ListTasksResult',
      'TaskStatusNotification',
      'TaskStatusNotificationParams',
    ],
    add: {
      MetaObject: openObject(),
      RequestMetaObject: object(
        {
          [`${META}/protocolVersion`]: str(),
          [`${META}/clientInfo`]: ref('Implementation'),
          [`${META}/clientCapabilities`]: ref('ClientCapabilities'),
          [`${META}/logLevel`]: ref('LoggingLevel'),
          progressToken: ref('ProgressToken'),
        },
        [`${META}/protocolVersion`, `${META}/clientCapabilities`],
      ),
      ResultMetaObject: object({ [`${META}/serverInfo`]: ref('Implementation') }),
      NotificationMetaObject: object({ [`${META}/subscriptionId`]: ref('RequestId') }),
      // Deviation (see deviations.ts): any JSON value, numbers and null included.
      JSONValue: { type: ['object', 'array', 'string', 'number', 'boolean', 'null'] },
      JSONObject: record(ref('JSONValue')),
      JSONArray: array(ref('JSONValue')),
      ResultType: str(),
      CacheableResult: object({ _meta: ref('ResultMetaObject'), resultType: str(), ...cacheHints() }, ['resultType', 'ttlMs', 'cacheScope']),
      DiscoverRequest: jsonRpcRequest('server/discover', ref('RequestParams'), true),
      DiscoverResult: object(
        {
          _meta: ref('ResultMetaObject'),
          resultType: str(),
          ...cacheHints(),
          supportedVersions: strings(),
          capabilities: ref('ServerCapabilities'),
          instructions: str(),
        },
        ['resultType', 'ttlMs', 'cacheScope', 'supportedVersions', 'capabilities'],
      ),
      InputRequest: union('method', {
        'sampling/createMessage': 'CreateMessageRequest',
        'roots/list': 'ListRootsRequest',
        'elicitation/create': 'ElicitRequest',
      }),
      InputRequests: record(ref('InputRequest')),
      InputResponse: anyOf(ref('CreateMessageResult'), ref('ListRootsResult'), ref('ElicitResult')),
      InputResponses: record(ref('InputResponse')),
      // Deviation (see deviations.ts): the spec's prose pins resultType to "input_required" and
      // requires inputRequests or requestState; the official schema states neither.
      InputRequiredResult: {
        ...object(
          {
            _meta: ref('ResultMetaObject'),
            resultType: constant('input_required'),
            inputRequests: ref('InputRequests'),
            requestState: str(),
          },
          ['resultType'],
        ),
        anyOf: [{ required: ['inputRequests'] }, { required: ['requestState'] }],
      },
      InputResponseRequestParams: object({ _meta: ref('RequestMetaObject'), inputResponses: ref('InputResponses'), requestState: str() }, ['_meta']),
      ParseError: codedError(-32700),
      InvalidRequestError: codedError(-32600),
      MethodNotFoundError: codedError(-32601),
      InvalidParamsError: codedError(-32602),
      InternalError: codedError(-32603),
      HeaderMismatchError: typedErrorResponse(-32020),
      MissingRequiredClientCapabilityError: typedErrorResponse(-32021, object({ requiredCapabilities: ref('ClientCapabilities') }, ['requiredCapabilities'])),
      UnsupportedProtocolVersionError: typedErrorResponse(-32022, object({ supported: strings(), requested: str() }, ['supported', 'requested'])),
      SubscriptionFilter: object({
        toolsListChanged: bool(),
        promptsListChanged: bool(),
        resourcesListChanged: bool(),
        resourceSubscriptions: strings(),
      }),
      SubscriptionsListenRequestParams: object({ _meta: ref('RequestMetaObject'), notifications: ref('SubscriptionFilter') }, ['_meta', 'notifications']),
      SubscriptionsListenRequest: jsonRpcRequest('subscriptions/listen', ref('SubscriptionsListenRequestParams'), true),
      SubscriptionsListenResultMetaObject: object({ [`${META}/serverInfo`]: ref('Implementation'), [`${META}/subscriptionId`]: ref('RequestId') }, [
        `${META}/subscriptionId`,
      ]),
      SubscriptionsListenResult: object({ _meta: ref('SubscriptionsListenResultMetaObject'), resultType: str() }, ['_meta', 'resultType']),
      SubscriptionsAcknowledgedNotificationParams: object({ _meta: ref('NotificationMetaObject'), notifications: ref('SubscriptionFilter') }, [
        'notifications',
      ]),
      SubscriptionsAcknowledgedNotification: jsonRpcNotification(
        'notifications/subscriptions/acknowledged',
        ref('SubscriptionsAcknowledgedNotificationParams'),
        true,
      ),
      DiscoverResultResponse: resultResponse('DiscoverResult'),
      ListResourcesResultResponse: resultResponse('ListResourcesResult'),
      ListResourceTemplatesResultResponse: resultResponse('ListResourceTemplatesResult'),
      ReadResourceResultResponse: resultResponse('ReadResourceResult', [inputRequired]),
      SubscriptionsListenResultResponse: resultResponse('SubscriptionsListenResult'),
      ListPromptsResultResponse: resultResponse('ListPromptsResult'),
      GetPromptResultResponse: resultResponse('GetPromptResult', [inputRequired]),
      ListToolsResultResponse: resultResponse('ListToolsResult'),
      CallToolResultResponse: resultResponse('CallToolResult', [inputRequired]),
      CompleteResultResponse: resultResponse('CompleteResult'),
    },
    replace: {
      Result: object({ _meta: ref('ResultMetaObject'), resultType: str() }, ['resultType']),
      ...replaceEach(resultsWithType, (prev) => withProperties(prev, { _meta: ref('ResultMetaObject'), resultType: str() }, ['resultType'])),
      ...replaceEach(cacheable, (prev) =>
        withProperties(prev, { _meta: ref('ResultMetaObject'), resultType: str(), ...cacheHints() }, ['resultType', 'ttlMs', 'cacheScope']),
      ),
      CallToolResult: (prev) => withProperties(prev, { _meta: ref('ResultMetaObject'), resultType: str(), structuredContent: anything() }, ['resultType']),
      CompleteResult: (prev) =>
        withProperties(
          mapProperty(prev, 'completion', (c) => mapProperty(c, 'values', (v) => ({ ...v, maxItems: 100 }))),
          { _meta: ref('ResultMetaObject'), resultType: str() },
          ['resultType'],
        ),
      ...addMembers([
        [plainMeta, { _meta: ref('MetaObject') }],
        [notificationParams, { _meta: ref('NotificationMetaObject') }],
        [['ToolResultContent'], { structuredContent: anything() }],
      ]),
      RequestParams: object({ _meta: ref('RequestMetaObject') }, ['_meta']),
      ...replaceEach(requestParams, (prev) => withProperties(prev, { _meta: ref('RequestMetaObject') }, ['_meta'])),
      ...replaceEach(resumable, (prev) =>
        withProperties(
          withoutProperties(prev, ['task']),
          {
            _meta: ref('RequestMetaObject'),
            inputResponses: ref('InputResponses'),
            requestState: str(),
          },
          ['_meta'],
        ),
      ),
      CancelledNotificationParams: (prev) => withProperties(prev, { _meta: ref('NotificationMetaObject') }, ['requestId']),
      ...Object.fromEntries(listRequests.map(([name, method]) => [name, jsonRpcRequest(method, ref('PaginatedRequestParams'), true)])),
      PaginatedRequest: (prev) => withRequired(prev, ['params']),
      // Server-to-client requests survive only as input requests embedded in results: no jsonrpc/id.
      CreateMessageRequest: object({ method: constant('sampling/createMessage'), params: ref('CreateMessageRequestParams') }, ['method', 'params']),
      ElicitRequest: object({ method: constant('elicitation/create'), params: ref('ElicitRequestParams') }, ['method', 'params']),
      ListRootsRequest: object({ method: constant('roots/list'), params: object({ _meta: ref('MetaObject') }) }, ['method']),
      CreateMessageRequestParams: (prev) => withProperties(withoutProperties(prev, ['_meta', 'task']), { metadata: ref('JSONObject') }),
      ElicitRequestFormParams: (prev) => withoutProperties(prev, ['_meta', 'task']),
      ElicitRequestURLParams: (prev) => withoutProperties(prev, ['_meta', 'task', 'elicitationId']),
      ElicitResult: (prev) => withoutProperties(prev, ['_meta']),
      ListRootsResult: (prev) => withoutProperties(prev, ['_meta']),
      ClientCapabilities: object({
        experimental: record(ref('JSONObject')),
        extensions: record(ref('JSONObject')),
        roots: object({}),
        sampling: object({ context: ref('JSONObject'), tools: ref('JSONObject') }),
        elicitation: object({ form: ref('JSONObject'), url: ref('JSONObject') }),
      }),
      ServerCapabilities: object({
        experimental: record(ref('JSONObject')),
        extensions: record(ref('JSONObject')),
        logging: ref('JSONObject'),
        completions: ref('JSONObject'),
        prompts: object({ listChanged: bool() }),
        resources: object({ subscribe: bool(), listChanged: bool() }),
        tools: object({ listChanged: bool() }),
      }),
      Tool: (prev) =>
        withProperties(withoutProperties(prev, ['execution']), {
          _meta: ref('MetaObject'),
          // Any JSON Schema 2020-12 object schema whose root is an object; keywords are not restricted.
          inputSchema: object({ $schema: str(), type: constant('object') }, ['type']),
          // Any JSON Schema: structured content may be an array or a scalar.
          outputSchema: object({ $schema: str() }),
        }),
    },
  },
  requests: {
    remove: [
      'initialize',
      'ping',
      'resources/subscribe',
      'resources/unsubscribe',
      'logging/setLevel',
      'sampling/createMessage',
      'roots/list',
      'elicitation/create',
      'tasks/get',
      'tasks/result',
      'tasks/cancel',
      'tasks/list',
    ],
    add: {
      'server/discover': { type: 'DiscoverRequest', result: 'DiscoverResult', from: C },
      'subscriptions/listen': { type: 'SubscriptionsListenRequest', result: 'SubscriptionsListenResult', from: C },
    },
    replace: {
      'tools/call': { type: 'CallToolRequest', result: 'CallToolResult', from: C, alternatives: [inputRequired] },
      'prompts/get': { type: 'GetPromptRequest', result: 'GetPromptResult', from: C, alternatives: [inputRequired] },
      'resources/read': { type: 'ReadResourceRequest', result: 'ReadResourceResult', from: C, alternatives: [inputRequired] },
    },
  },
  notifications: {
    remove: ['notifications/initialized', 'notifications/roots/list_changed', 'notifications/tasks/status', 'notifications/elicitation/complete'],
    replace: {
      // The server sends notifications/cancelled only to end a subscriptions/listen stream on stdio.
      'notifications/progress': { type: 'ProgressNotification', from: S },
    },
    add: {
      'notifications/subscriptions/acknowledged': { type: 'SubscriptionsAcknowledgedNotification', from: S },
    },
  },
  typedErrors: {
    remove: ['-32042'],
    add: {
      '-32020': 'HeaderMismatchError',
      '-32021': 'MissingRequiredClientCapabilityError',
      '-32022': 'UnsupportedProtocolVersionError',
    },
  },
};
