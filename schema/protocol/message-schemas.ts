// Composes the schema one wire message is checked against: the JSON-RPC envelope of the revision plus
// the type its method (or, for a response, the method of its request, or its error code) selects.
import type { Side, ProtocolModel } from './model.js';
import { type SchemaObject, object } from './schema-dsl.js';
import { resultChoice } from './mcp-shapes.js';

/** What a composed schema is for; also the cache key of its compiled validator. */
export type MessageTarget =
  | { kind: 'request' | 'notification'; sender: Side; method: string }
  | { kind: 'result'; sender: Side; requestMethod?: string }
  | { kind: 'error'; code?: number };

export interface ComposedSchema {
  /** Stable key: equal keys mean equal schemas, so a compiled validator can be reused. */
  key: string;
  schema: SchemaObject;
}

/** Reference into the revision's schema, registered with the validator under `schemaId`. */
function defRef(schemaId: string, name: string): SchemaObject {
  return { $ref: `${schemaId}#/$defs/${name}` };
}

/** Replaces the local `#/$defs/` references of a fragment with references into the revision's schema. */
function anchored(schemaId: string, fragment: SchemaObject): SchemaObject {
  return JSON.parse(JSON.stringify(fragment).replaceAll('"#/$defs/', `"${schemaId}#/$defs/`)) as SchemaObject;
}

/** The envelope definitions changed names in 2025-11-25; the model tells which ones exist. */
function envelopeNames(model: ProtocolModel): { result: string; error: string } {
  return 'JSONRPCResultResponse' in model.defs
    ? { result: 'JSONRPCResultResponse', error: 'JSONRPCErrorResponse' }
    : { result: 'JSONRPCResponse', error: 'JSONRPCError' };
}

/**
 * The cache key of the schema a target composes to, computed without composing it: validating a
 * message must cost a table lookup, not the building of a schema.
 */
export function messageSchemaKey(model: ProtocolModel, target: MessageTarget): string {
  switch (target.kind) {
    case 'request':
    case 'notification': {
      const entry = (target.kind === 'request' ? model.requests : model.notifications)[target.method];
      return entry && Object.hasOwn(target.kind === 'request' ? model.requests : model.notifications, target.method) && entry.from.includes(target.sender)
        ? `${target.kind}:${target.sender}:${target.method}`
        : `${target.kind}:*`;
    }
    case 'result':
      return target.requestMethod !== undefined && Object.hasOwn(model.requests, target.requestMethod)
        ? `result:${target.requestMethod}`
        : `result:${target.sender}:*`;
    case 'error':
      return target.code !== undefined && Object.hasOwn(model.typedErrors, String(target.code)) ? `error:${target.code}` : 'error:*';
  }
}

export function composeMessageSchema(model: ProtocolModel, schemaId: string, target: MessageTarget): ComposedSchema {
  const envelope = envelopeNames(model);
  switch (target.kind) {
    case 'request':
    case 'notification': {
      const table = target.kind === 'request' ? model.requests : model.notifications;
      const entry = Object.hasOwn(table, target.method) ? table[target.method] : undefined;
      const base = target.kind === 'request' ? 'JSONRPCRequest' : 'JSONRPCNotification';
      // A method this side does not send in this revision is checked as a plain JSON-RPC message:
      // custom methods are allowed, and who may send what is a behaviour, not a schema, question.
      if (!entry || !entry.from.includes(target.sender)) {
        return { key: `${target.kind}:*`, schema: defRef(schemaId, base) };
      }
      return {
        key: `${target.kind}:${target.sender}:${target.method}`,
        schema: { allOf: [defRef(schemaId, base), defRef(schemaId, entry.type)] },
      };
    }
    case 'result': {
      const entry =
        target.requestMethod !== undefined && Object.hasOwn(model.requests, target.requestMethod) ? model.requests[target.requestMethod] : undefined;
      if (entry) {
        return {
          key: `result:${target.requestMethod}`,
          schema: {
            allOf: [defRef(schemaId, envelope.result), anchored(schemaId, object({ result: resultChoice(entry.result, entry.alternatives) }))],
          },
        };
      }
      const union = target.sender === 'server' ? 'ServerResult' : 'ClientResult';
      return {
        key: `result:${target.sender}:*`,
        schema: { allOf: [defRef(schemaId, envelope.result), object({ result: defRef(schemaId, union) })] },
      };
    }
    case 'error': {
      const typed = target.code !== undefined && Object.hasOwn(model.typedErrors, String(target.code)) ? model.typedErrors[String(target.code)] : undefined;
      if (typed) {
        return { key: `error:${target.code}`, schema: { allOf: [defRef(schemaId, envelope.error), defRef(schemaId, typed)] } };
      }
      return { key: 'error:*', schema: defRef(schemaId, envelope.error) };
    }
  }
}
