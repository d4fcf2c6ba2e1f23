// What 2025-11-25 changed relative to 2025-06-18: requests and notifications become whole JSON-RPC
// messages with named params types, plus tasks, icons, URL elicitation, tool use in sampling and richer enums.
import { type Addition, type Replacement, type RevisionChanges, addMembers } from '../model.js';
import {
  type SchemaObject,
  allOf,
  anyOf,
  anything,
  array,
  bool,
  constant,
  int,
  mapProperty,
  num,
  object,
  oneOfStrings,
  openObject,
  record,
  ref,
  str,
  strings,
  union,
  uri,
  withProperties,
  withoutRequired,
} from '../schema-dsl.js';
import { contentUnion, jsonRpcNotification, jsonRpcRequest, meta, requestMeta, typedErrorResponse } from '../mcp-shapes.js';

interface Split {
  definition: string;
  method: string;
  /** The params definition: split out of the previous inline params, or shared. */
  params: string;
  paramsRequired: boolean;
  /** What else changes in the params while they are split out. */
  change?: (params: SchemaObject) => SchemaObject;
}

/** Requests whose params become a named definition of their own (made from the previous inline params). */
const OWN_PARAMS: readonly Split[] = [
  { definition: 'InitializeRequest', method: 'initialize', params: 'InitializeRequestParams', paramsRequired: true },
  { definition: 'ReadResourceRequest', method: 'resources/read', params: 'ReadResourceRequestParams', paramsRequired: true },
  { definition: 'SubscribeRequest', method: 'resources/subscribe', params: 'SubscribeRequestParams', paramsRequired: true },
  { definition: 'UnsubscribeRequest', method: 'resources/unsubscribe', params: 'UnsubscribeRequestParams', paramsRequired: true },
  { definition: 'GetPromptRequest', method: 'prompts/get', params: 'GetPromptRequestParams', paramsRequired: true },
  {
    definition: 'CallToolRequest',
    method: 'tools/call',
    params: 'CallToolRequestParams',
    paramsRequired: true,
    change: (p) => withProperties(p, { task: ref('TaskMetadata') }),
  },
  { definition: 'SetLevelRequest', method: 'logging/setLevel', params: 'SetLevelRequestParams', paramsRequired: true },
  { definition: 'CompleteRequest', method: 'completion/complete', params: 'CompleteRequestParams', paramsRequired: true },
  {
    definition: 'CreateMessageRequest',
    method: 'sampling/createMessage',
    params: 'CreateMessageRequestParams',
    paramsRequired: true,
    change: (p) => withProperties(p, { tools: array(ref('Tool')), toolChoice: ref('ToolChoice'), task: ref('TaskMetadata') }),
  },
];

/** Requests whose params are one of the shared params definitions. */
const SHARED_PARAMS: readonly Split[] = [
  { definition: 'PingRequest', method: 'ping', params: 'RequestParams', paramsRequired: false },
  { definition: 'ListRootsRequest', method: 'roots/list', params: 'RequestParams', paramsRequired: false },
  { definition: 'ListResourcesRequest', method: 'resources/list', params: 'PaginatedRequestParams', paramsRequired: false },
  {
    definition: 'ListResourceTemplatesRequest',
    method: 'resources/templates/list',
    params: 'PaginatedRequestParams',
    paramsRequired: false,
  },
  { definition: 'ListPromptsRequest', method: 'prompts/list', params: 'PaginatedRequestParams', paramsRequired: false },
  { definition: 'ListToolsRequest', method: 'tools/list', params: 'PaginatedRequestParams', paramsRequired: false },
];

const OWN_NOTIFICATION_PARAMS: readonly Split[] = [
  {
    definition: 'CancelledNotification',
    method: 'notifications/cancelled',
    params: 'CancelledNotificationParams',
    paramsRequired: true,
    // A task is cancelled with tasks/cancel, so the request id is no longer always there.
    change: (p) => withoutRequired(p, ['requestId']),
  },
  { definition: 'ProgressNotification', method: 'notifications/progress', params: 'ProgressNotificationParams', paramsRequired: true },
  {
    definition: 'ResourceUpdatedNotification',
    method: 'notifications/resources/updated',
    params: 'ResourceUpdatedNotificationParams',
    paramsRequired: true,
  },
  {
    definition: 'LoggingMessageNotification',
    method: 'notifications/message',
    params: 'LoggingMessageNotificationParams',
    paramsRequired: true,
  },
];

const SHARED_NOTIFICATION_PARAMS: readonly Split[] = [
  { definition: 'InitializedNotification', method: 'notifications/initialized', params: 'NotificationParams', paramsRequired: false },
  {
    definition: 'RootsListChangedNotification',
    method: 'notifications/roots/list_changed',
    params: 'NotificationParams',
    paramsRequired: false,
  },
  {
    definition: 'ResourceListChangedNotification',
    method: 'notifications/resources/list_changed',
    params: 'NotificationParams',
    paramsRequired: false,
  },
  {
    definition: 'PromptListChangedNotification',
    method: 'notifications/prompts/list_changed',
    params: 'NotificationParams',
    paramsRequired: false,
  },
  {
    definition: 'ToolListChangedNotification',
    method: 'notifications/tools/list_changed',
    params: 'NotificationParams',
    paramsRequired: false,
  },
];

function paramsOf(defs: Readonly<Record<string, SchemaObject>>, definition: string): SchemaObject {
  const params = (defs[definition]?.properties as Record<string, SchemaObject> | undefined)?.params;
  if (!params) throw new Error(`changes/2025-11-25: ${definition} has no params to split out`);
  return structuredClone(params);
}

/** The params definitions made from the previous inline params, keyed by their new name. */
function splitParams(list: readonly Split[]): Record<string, Addition> {
  return Object.fromEntries(
    list.map((s) => [s.params, (defs: Readonly<Record<string, SchemaObject>>) => (s.change ?? ((p) => p))(paramsOf(defs, s.definition))]),
  );
}

function asMessages(list: readonly Split[], make: typeof jsonRpcRequest): Record<string, Replacement> {
  return Object.fromEntries(list.map((s) => [s.definition, make(s.method, ref(s.params), s.paramsRequired)]));
}

/** A `{ const, title }` option of a titled enum. */
function titledOption(): SchemaObject {
  return object({ const: str(), title: str() }, ['const', 'title']);
}

const taskResult = { when: { required: ['task'] }, type: 'CreateTaskResult' } as const;
const BOTH = ['client', 'server'] as const;

export const CHANGES_2025_11_25: RevisionChanges = {
  revision: '2025-11-25',
  notes: [
    'Every request and notification definition is now the whole JSON-RPC message; params get named types.',
    'Error responses: JSONRPCError becomes JSONRPCErrorResponse (id optional) with a named Error.',
    'Tasks (experimental): task-augmented tools/call, sampling and elicitation; tasks/get, tasks/result, tasks/cancel, tasks/list; notifications/tasks/status.',
    'Icons on implementations, prompts, resources, templates, resource links and tools; implementations gain description and websiteUrl.',
    'Tools may declare execution.taskSupport; input/output schemas may name their $schema.',
    'Sampling may offer tools (tools, toolChoice) and carry tool_use/tool_result content, single or as arrays.',
    'Elicitation has a form mode and a URL mode (elicitationId, notifications/elicitation/complete, error -32042).',
    'Enum fields of elicitation forms: untitled/titled single and multi select, legacy enumNames; defaults on primitives.',
    'Capabilities: elicitation.form/url, sampling.context/tools, tasks on both sides.',
    'notifications/cancelled may omit requestId (a task is cancelled with tasks/cancel instead).',
  ],
  defs: {
    add: {
      ...splitParams(OWN_PARAMS),
      ...splitParams(OWN_NOTIFICATION_PARAMS),
      RequestParams: object({ _meta: requestMeta() }),
      NotificationParams: object({ _meta: meta() }),
      PaginatedRequestParams: object({ _meta: requestMeta(), cursor: ref('Cursor') }),
      ResourceRequestParams: object({ _meta: requestMeta(), uri: uri() }, ['uri']),
      TaskAugmentedRequestParams: object({ _meta: requestMeta(), task: ref('TaskMetadata') }),
      Error: object({ code: int(), message: str(), data: anything() }, ['code', 'message']),
      JSONRPCResultResponse: (defs) => structuredClone(defs.JSONRPCResponse!),
      JSONRPCErrorResponse: object({ jsonrpc: constant('2.0'), id: anyOf(ref('RequestId'), { type: 'null' }), error: ref('Error') }, ['jsonrpc', 'error']),
      Icon: object({ src: uri(), mimeType: str(), sizes: strings(), theme: oneOfStrings(['light', 'dark']) }, ['src']),
      Icons: object({ icons: array(ref('Icon')) }),
      ToolExecution: object({ taskSupport: oneOfStrings(['forbidden', 'optional', 'required']) }),
      ToolChoice: object({ mode: oneOfStrings(['auto', 'required', 'none']) }),
      ToolUseContent: object({ type: constant('tool_use'), id: str(), name: str(), input: record(anything()), _meta: meta() }, ['type', 'id', 'name', 'input']),
      ToolResultContent: object(
        {
          type: constant('tool_result'),
          toolUseId: str(),
          content: array(ref('ContentBlock')),
          structuredContent: record(anything()),
          isError: bool(),
          _meta: meta(),
        },
        ['type', 'toolUseId', 'content'],
      ),
      SamplingMessageContentBlock: contentUnion('text', 'image', 'audio', 'tool_use', 'tool_result'),
      // Elicitation, form and URL modes.
      ElicitRequestParams: union('mode', { url: 'ElicitRequestURLParams' }, 'ElicitRequestFormParams'),
      ElicitRequestFormParams: (defs) =>
        withProperties(
          mapProperty(paramsOf(defs, 'ElicitRequest'), 'requestedSchema', (schema) => withProperties(schema, { $schema: str() })),
          { mode: constant('form'), task: ref('TaskMetadata') },
        ),
      ElicitRequestURLParams: object(
        { _meta: requestMeta(), task: ref('TaskMetadata'), mode: constant('url'), message: str(), elicitationId: str(), url: uri() },
        ['mode', 'message', 'elicitationId', 'url'],
      ),
      ElicitationCompleteNotification: jsonRpcNotification('notifications/elicitation/complete', object({ elicitationId: str() }, ['elicitationId']), true),
      URLElicitationRequiredError: typedErrorResponse(-32042, object({ elicitations: array(ref('ElicitRequestURLParams')) }, ['elicitations'])),
      UntitledSingleSelectEnumSchema: object({ type: constant('string'), title: str(), description: str(), enum: strings(), default: str() }, ['type', 'enum']),
      TitledSingleSelectEnumSchema: object({ type: constant('string'), title: str(), description: str(), oneOf: array(titledOption()), default: str() }, [
        'type',
        'oneOf',
      ]),
      UntitledMultiSelectEnumSchema: object(
        {
          type: constant('array'),
          title: str(),
          description: str(),
          minItems: int(),
          maxItems: int(),
          items: object({ type: constant('string'), enum: strings() }, ['type', 'enum']),
          default: strings(),
        },
        ['type', 'items'],
      ),
      TitledMultiSelectEnumSchema: object(
        {
          type: constant('array'),
          title: str(),
          description: str(),
          minItems: int(),
          maxItems: int(),
          items: object({ anyOf: array(titledOption()) }, ['anyOf']),
          default: strings(),
        },
        ['type', 'items'],
      ),
      LegacyTitledEnumSchema: (defs) => withProperties(defs.EnumSchema!, { default: str() }),
      SingleSelectEnumSchema: anyOf(ref('UntitledSingleSelectEnumSchema'), ref('TitledSingleSelectEnumSchema')),
      MultiSelectEnumSchema: anyOf(ref('UntitledMultiSelectEnumSchema'), ref('TitledMultiSelectEnumSchema')),
      // Tasks.
      TaskStatus: oneOfStrings(['working', 'input_required', 'completed', 'failed', 'cancelled']),
      TaskMetadata: object({ ttl: int() }),
      RelatedTaskMetadata: object({ taskId: str() }, ['taskId']),
      Task: object(
        {
          taskId: str(),
          status: ref('TaskStatus'),
          statusMessage: str(),
          createdAt: str(),
          lastUpdatedAt: str(),
          ttl: { type: ['integer', 'null'] },
          pollInterval: int(),
        },
        ['taskId', 'status', 'createdAt', 'lastUpdatedAt', 'ttl'],
      ),
      CreateTaskResult: object({ _meta: meta(), task: ref('Task') }, ['task']),
      GetTaskRequest: jsonRpcRequest('tasks/get', object({ taskId: str() }, ['taskId']), true),
      GetTaskResult: allOf(ref('Result'), ref('Task')),
      GetTaskPayloadRequest: jsonRpcRequest('tasks/result', object({ taskId: str() }, ['taskId']), true),
      GetTaskPayloadResult: object({ _meta: meta() }),
      CancelTaskRequest: jsonRpcRequest('tasks/cancel', object({ taskId: str() }, ['taskId']), true),
      CancelTaskResult: allOf(ref('Result'), ref('Task')),
      ListTasksRequest: jsonRpcRequest('tasks/list', ref('PaginatedRequestParams'), false),
      ListTasksResult: object({ _meta: meta(), nextCursor: ref('Cursor'), tasks: array(ref('Task')) }, ['tasks']),
      TaskStatusNotificationParams: allOf(ref('NotificationParams'), ref('Task')),
      TaskStatusNotification: jsonRpcNotification('notifications/tasks/status', ref('TaskStatusNotificationParams'), true),
    },
    remove: ['JSONRPCError'],
    replace: {
      ...asMessages(OWN_PARAMS, jsonRpcRequest),
      ...asMessages(SHARED_PARAMS, jsonRpcRequest),
      ...asMessages(OWN_NOTIFICATION_PARAMS, jsonRpcNotification),
      ...asMessages(SHARED_NOTIFICATION_PARAMS, jsonRpcNotification),
      ElicitRequest: jsonRpcRequest('elicitation/create', ref('ElicitRequestParams'), true),
      Request: object({ method: str(), params: openObject() }, ['method']),
      Notification: object({ method: str(), params: openObject() }, ['method']),
      PaginatedRequest: object({ jsonrpc: constant('2.0'), id: ref('RequestId'), method: str(), params: ref('PaginatedRequestParams') }, [
        'jsonrpc',
        'id',
        'method',
      ]),
      JSONRPCRequest: (prev) => withProperties(prev, { params: openObject() }),
      JSONRPCNotification: (prev) => withProperties(prev, { params: openObject() }),
      JSONRPCResponse: anyOf(ref('JSONRPCResultResponse'), ref('JSONRPCErrorResponse')),
      JSONRPCMessage: anyOf(ref('JSONRPCRequest'), ref('JSONRPCNotification'), ref('JSONRPCResultResponse'), ref('JSONRPCErrorResponse')),
      ...addMembers([
        [['Implementation'], { description: str(), websiteUrl: uri() }],
        [['Implementation', 'Prompt', 'Resource', 'ResourceTemplate', 'ResourceLink'], { icons: array(ref('Icon')) }],
        [['SamplingMessage'], { _meta: meta(), content: anyOf(ref('SamplingMessageContentBlock'), array(ref('SamplingMessageContentBlock'))) }],
        [['CreateMessageResult'], { content: anyOf(ref('SamplingMessageContentBlock'), array(ref('SamplingMessageContentBlock'))) }],
        [['ElicitResult'], { content: record(anyOf(strings(), { type: ['string', 'number', 'boolean'] })) }],
        [['StringSchema'], { default: str() }],
        [['NumberSchema'], { default: num() }],
        [
          ['ClientCapabilities'],
          {
            sampling: object({ context: openObject(), tools: openObject() }),
            elicitation: object({ form: openObject(), url: openObject() }),
            tasks: object({
              list: openObject(),
              cancel: openObject(),
              requests: object({
                sampling: object({ createMessage: openObject() }),
                elicitation: object({ create: openObject() }),
              }),
            }),
          },
        ],
        [['ServerCapabilities'], { tasks: object({ list: openObject(), cancel: openObject(), requests: object({ tools: object({ call: openObject() }) }) }) }],
      ]),
      Tool: (prev) => {
        const withSchemaDialect = (schema: SchemaObject) => withProperties(schema, { $schema: str() });
        const tool = mapProperty(mapProperty(prev, 'inputSchema', withSchemaDialect), 'outputSchema', withSchemaDialect);
        return withProperties(tool, { icons: array(ref('Icon')), execution: ref('ToolExecution') });
      },
      EnumSchema: anyOf(
        ref('UntitledSingleSelectEnumSchema'),
        ref('TitledSingleSelectEnumSchema'),
        ref('UntitledMultiSelectEnumSchema'),
        ref('TitledMultiSelectEnumSchema'),
        ref('LegacyTitledEnumSchema'),
      ),
      PrimitiveSchemaDefinition: anyOf(
        ref('StringSchema'),
        ref('NumberSchema'),
        ref('BooleanSchema'),
        ref('UntitledSingleSelectEnumSchema'),
        ref('TitledSingleSelectEnumSchema'),
        ref('UntitledMultiSelectEnumSchema'),
        ref('TitledMultiSelectEnumSchema'),
        ref('LegacyTitledEnumSchema'),
      ),
    },
  },
  requests: {
    replace: {
      'tools/call': { type: 'CallToolRequest', result: 'CallToolResult', from: ['client'], alternatives: [taskResult] },
      'sampling/createMessage': {
        type: 'CreateMessageRequest',
        result: 'CreateMessageResult',
        from: ['server'],
        alternatives: [taskResult],
      },
      'elicitation/create': { type: 'ElicitRequest', result: 'ElicitResult', from: ['server'], alternatives: [taskResult] },
    },
    add: {
      'tasks/get': { type: 'GetTaskRequest', result: 'GetTaskResult', from: BOTH },
      'tasks/result': { type: 'GetTaskPayloadRequest', result: 'GetTaskPayloadResult', from: BOTH },
      'tasks/cancel': { type: 'CancelTaskRequest', result: 'CancelTaskResult', from: BOTH },
      'tasks/list': { type: 'ListTasksRequest', result: 'ListTasksResult', from: BOTH },
    },
  },
  notifications: {
    add: {
      'notifications/tasks/status': { type: 'TaskStatusNotification', from: BOTH },
      'notifications/elicitation/complete': { type: 'ElicitationCompleteNotification', from: ['server'] },
    },
  },
  typedErrors: { add: { '-32042': 'URLElicitationRequiredError' } },
};
