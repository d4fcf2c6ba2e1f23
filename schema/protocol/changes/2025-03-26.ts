// What 2025-03-26 changed relative to 2024-11-05: audio content, named annotations, tool annotations,
// progress messages, the completions capability, and JSON-RPC batches (this revision only).
import { type RevisionChanges, addMembers } from '../model.js';
import { anyOf, array, base64, bool, constant, mapProperty, object, openObject, ref, str, unitInterval, withProperties } from '../schema-dsl.js';
import { contentUnion } from '../mcp-shapes.js';

const annotated = ['TextContent', 'ImageContent', 'EmbeddedResource', 'Resource', 'ResourceTemplate'] as const;

export const CHANGES_2025_03_26: RevisionChanges = {
  revision: '2025-03-26',
  notes: [
    'Annotations become a named type (Annotated is gone); every annotated object refers to it.',
    'AudioContent joins tool results, prompt messages and sampling messages.',
    'Tools may carry ToolAnnotations (title and behaviour hints).',
    'Progress notifications may carry a message.',
    'Servers may declare the completions capability.',
    'JSON-RPC batches: a message may be an array of requests/notifications or of responses.',
  ],
  defs: {
    add: {
      Annotations: object({ audience: array(ref('Role')), priority: unitInterval() }),
      AudioContent: object({ type: constant('audio'), data: base64(), mimeType: str(), annotations: ref('Annotations') }, ['type', 'data', 'mimeType']),
      ToolAnnotations: object({
        title: str(),
        readOnlyHint: bool(),
        destructiveHint: bool(),
        idempotentHint: bool(),
        openWorldHint: bool(),
      }),
      // JSON-RPC 2.0 requires at least one element; an empty array is an invalid request.
      JSONRPCBatchRequest: array(anyOf(ref('JSONRPCRequest'), ref('JSONRPCNotification')), { minItems: 1 }),
      JSONRPCBatchResponse: array(anyOf(ref('JSONRPCResponse'), ref('JSONRPCError')), { minItems: 1 }),
    },
    remove: ['Annotated'],
    replace: {
      ...addMembers([
        [annotated, { annotations: ref('Annotations') }],
        [['CallToolResult'], { content: array(contentUnion('text', 'image', 'audio', 'resource')) }],
        [['PromptMessage'], { content: contentUnion('text', 'image', 'audio', 'resource') }],
        [['SamplingMessage', 'CreateMessageResult'], { content: contentUnion('text', 'image', 'audio') }],
        [['ServerCapabilities'], { completions: openObject() }],
        [['Tool'], { annotations: ref('ToolAnnotations') }],
      ]),
      ProgressNotification: (prev) => mapProperty(prev, 'params', (params) => withProperties(params, { message: str() })),
      JSONRPCMessage: anyOf(
        ref('JSONRPCRequest'),
        ref('JSONRPCNotification'),
        ref('JSONRPCBatchRequest'),
        ref('JSONRPCResponse'),
        ref('JSONRPCError'),
        ref('JSONRPCBatchResponse'),
      ),
    },
  },
  batches: true,
};
