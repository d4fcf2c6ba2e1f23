// What 2025-06-18 changed relative to 2025-03-26: elicitation, structured tool output, resource links,
// `title` and `_meta` on most objects, completion context, and the end of JSON-RPC batches.
import { type RevisionChanges, addMembers } from '../model.js';
import {
  anyOf,
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
  anything,
  uri,
  uriTemplate,
  withProperties,
} from '../schema-dsl.js';
import { contentUnion, meta, request, requestMeta } from '../mcp-shapes.js';

const gainMeta = [
  'TextContent',
  'ImageContent',
  'AudioContent',
  'EmbeddedResource',
  'ResourceContents',
  'TextResourceContents',
  'BlobResourceContents',
  'Resource',
  'ResourceTemplate',
  'Prompt',
  'Root',
  'Tool',
] as const;

const gainTitle = ['Implementation', 'Prompt', 'PromptArgument', 'PromptReference', 'Resource', 'ResourceTemplate', 'Tool'] as const;

/** The restricted object schema an elicitation may ask for: flat, primitive members only. */
function requestedSchema() {
  return object({ type: constant('object'), properties: record(ref('PrimitiveSchemaDefinition')), required: strings() }, ['type', 'properties']);
}

export const CHANGES_2025_06_18: RevisionChanges = {
  revision: '2025-06-18',
  notes: [
    'Elicitation: servers may ask the user for input (elicitation/create) with a flat primitive schema.',
    'Tools may declare an outputSchema; results may carry structuredContent.',
    'ContentBlock adds resource links (ResourceLink) to tool results and prompt messages.',
    'Human-readable `title` on implementations, prompts, arguments, resources, templates and tools (BaseMetadata).',
    '`_meta` on content, resource contents, resources, templates, prompts, roots and tools.',
    'Annotations may carry lastModified.',
    'Completion requests may carry context; ResourceReference is renamed ResourceTemplateReference.',
    'JSON-RPC batches are removed again.',
  ],
  defs: {
    add: {
      BaseMetadata: object({ name: str(), title: str() }, ['name']),
      ContentBlock: contentUnion('text', 'image', 'audio', 'resource_link', 'resource'),
      ResourceLink: object(
        {
          type: constant('resource_link'),
          uri: uri(),
          name: str(),
          title: str(),
          description: str(),
          mimeType: str(),
          size: int(),
          annotations: ref('Annotations'),
          _meta: meta(),
        },
        ['type', 'uri', 'name'],
      ),
      ResourceTemplateReference: object({ type: constant('ref/resource'), uri: uriTemplate() }, ['type', 'uri']),
      ElicitRequest: request(
        'elicitation/create',
        object({ _meta: requestMeta(), message: str(), requestedSchema: requestedSchema() }, ['message', 'requestedSchema']),
        true,
      ),
      // Deviation (see deviations.ts): numbers are accepted, not only integers, since NumberSchema
      // lets a form ask for `type: "number"`.
      ElicitResult: object(
        {
          _meta: meta(),
          action: oneOfStrings(['accept', 'decline', 'cancel']),
          content: record({ type: ['string', 'number', 'boolean'] }),
        },
        ['action'],
      ),
      StringSchema: object(
        {
          type: constant('string'),
          title: str(),
          description: str(),
          minLength: int(),
          maxLength: int(),
          format: oneOfStrings(['email', 'uri', 'date', 'date-time']),
        },
        ['type'],
      ),
      NumberSchema: object({ type: oneOfStrings(['number', 'integer']), title: str(), description: str(), minimum: num(), maximum: num() }, ['type']),
      BooleanSchema: object({ type: constant('boolean'), title: str(), description: str(), default: bool() }, ['type']),
      EnumSchema: object({ type: constant('string'), title: str(), description: str(), enum: strings(), enumNames: strings() }, ['type', 'enum']),
      PrimitiveSchemaDefinition: anyOf(ref('StringSchema'), ref('NumberSchema'), ref('BooleanSchema'), ref('EnumSchema')),
    },
    remove: ['JSONRPCBatchRequest', 'JSONRPCBatchResponse', 'ResourceReference'],
    replace: {
      ...addMembers([
        [gainMeta, { _meta: meta() }],
        [gainTitle, { title: str() }],
        [['Tool'], { outputSchema: object({ type: constant('object'), properties: record(openObject()), required: strings() }, ['type']) }],
        [['Annotations'], { lastModified: str() }],
        [['CallToolResult'], { content: array(ref('ContentBlock')), structuredContent: record(anything()) }],
        [['PromptMessage'], { content: ref('ContentBlock') }],
        [['ClientCapabilities'], { elicitation: openObject() }],
      ]),
      CompleteRequest: (prev) =>
        mapProperty(prev, 'params', (params) =>
          withProperties(params, {
            ref: union('type', { 'ref/prompt': 'PromptReference', 'ref/resource': 'ResourceTemplateReference' }),
            context: object({ arguments: record(str()) }),
          }),
        ),
      JSONRPCMessage: anyOf(ref('JSONRPCRequest'), ref('JSONRPCNotification'), ref('JSONRPCResponse'), ref('JSONRPCError')),
    },
  },
  requests: {
    add: { 'elicitation/create': { type: 'ElicitRequest', result: 'ElicitResult', from: ['server'] } },
  },
  batches: false,
};
