// Validates MCP messages and named types against our JSON Schema of one protocol revision. Each
// revision's schema is built and registered once, on first use; each composed check compiles once.
import type { ValidateFunction } from 'ajv';
import { type Revision, isRevision, isStateless, REVISIONS } from './revisions.js';
import { type AnyAjv, createAjv } from './protocol/ajv-factory.js';
import { buildProtocolModel, buildProtocolSchema, protocolSchemaId } from './protocol/build.js';
import { type MessageTarget, composeMessageSchema, messageSchemaKey } from './protocol/message-schemas.js';
import type { ProtocolModel } from './protocol/model.js';
import { type SchemaLocator, type SchemaViolation, indexSchema, toViolations } from './protocol/violations.js';

export type { SchemaViolation } from './protocol/violations.js';

export type Sender = 'server' | 'client';

export interface ProtocolValidator {
  readonly revision: Revision;
  /** Validates a whole JSON-RPC message sent by `sender`. For a response, `requestMethod` (the method of the request it answers) selects the result type (e.g. tools/list -> ListToolsResult); without it only the JSON-RPC envelope and the union of results are checked. Requests/notifications are checked against the type for their method (unknown methods: envelope only). Returns [] when valid. */
  validateMessage(message: unknown, sender: Sender, requestMethod?: string): SchemaViolation[];
  /** Validates a value against a named type of this revision, e.g. 'ListToolsResult', 'Tool', 'InitializeResult'. Throws for unknown names. */
  validateType(typeName: string, value: unknown): SchemaViolation[];
  hasType(typeName: string): boolean;
  typeNames(): string[];
  /** The result type name for a request method in this revision, or undefined. */
  resultTypeFor(method: string): string | undefined;
  /** Methods a client may send / a server may send in this revision. */
  methods(sender: Sender, kind: 'request' | 'notification'): string[];
  /**
   * Builds the revision's schema and compiles the checks of the opening messages now, rather than
   * on the first message: the first use of a revision costs tens of milliseconds of CPU (the first
   * of the run over a hundred), which a caller that is waiting anyway can spend ahead of time.
   */
  prepare(): void;
}

/** The messages that open a conversation, which nearly every one validates first. */
function opening(revision: Revision): MessageTarget[] {
  if (isStateless(revision)) {
    return [
      { kind: 'request', sender: 'client', method: 'server/discover' },
      { kind: 'result', sender: 'server', requestMethod: 'server/discover' },
    ];
  }
  return [
    { kind: 'request', sender: 'client', method: 'initialize' },
    { kind: 'result', sender: 'server', requestMethod: 'initialize' },
    { kind: 'notification', sender: 'client', method: 'notifications/initialized' },
  ];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

class RevisionValidator implements ProtocolValidator {
  private readonly model: ProtocolModel;
  private readonly schemaId: string;
  private ajv: AnyAjv | undefined;
  private locate: SchemaLocator | undefined;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(readonly revision: Revision) {
    this.model = buildProtocolModel(revision);
    this.schemaId = protocolSchemaId(revision);
  }

  validateMessage(message: unknown, sender: Sender, requestMethod?: string): SchemaViolation[] {
    if (Array.isArray(message)) return this.validateBatch(message, sender);
    return this.validateOne(message, sender, requestMethod);
  }

  validateType(typeName: string, value: unknown): SchemaViolation[] {
    if (!this.hasType(typeName)) {
      throw new Error(
        `Failed to validate against "${typeName}": ${this.revision} has no such type. ` +
          `Use one of its type names (protocolValidator('${this.revision}').typeNames()), e.g. ${this.typeNames().slice(0, 5).join(', ')}.`,
      );
    }
    return this.run(`type:${typeName}`, () => ({ $ref: `${this.schemaId}#/$defs/${typeName}` }), value);
  }

  hasType(typeName: string): boolean {
    return Object.hasOwn(this.model.defs, typeName);
  }

  typeNames(): string[] {
    return Object.keys(this.model.defs).sort();
  }

  resultTypeFor(method: string): string | undefined {
    return Object.hasOwn(this.model.requests, method) ? this.model.requests[method]!.result : undefined;
  }

  methods(sender: Sender, kind: 'request' | 'notification'): string[] {
    const table = kind === 'request' ? this.model.requests : this.model.notifications;
    return Object.entries(table)
      .filter(([, entry]) => entry.from.includes(sender))
      .map(([method]) => method)
      .sort();
  }

  private validateOne(message: unknown, sender: Sender, requestMethod: string | undefined): SchemaViolation[] {
    if (!isObject(message)) return this.run('type:JSONRPCMessage', () => ({ $ref: `${this.schemaId}#/$defs/JSONRPCMessage` }), message);
    return this.check(this.targetOf(message, sender, requestMethod), message);
  }

  /** Decides which composed schema a message is checked against, from its members alone. */
  private targetOf(message: Record<string, unknown>, sender: Sender, requestMethod: string | undefined): MessageTarget {
    if ('method' in message) {
      const method = typeof message.method === 'string' ? message.method : '';
      return { kind: 'id' in message ? 'request' : 'notification', sender, method };
    }
    if ('error' in message && !('result' in message)) {
      const code = isObject(message.error) && typeof message.error.code === 'number' ? message.error.code : undefined;
      return code !== undefined ? { kind: 'error', code } : { kind: 'error' };
    }
    // resultType "task" is reserved for the tasks extension (io.modelcontextprotocol/tasks, its own
    // specification): the core schema has no such result, so only the envelope and the generic
    // result are checked here; the extension's scenarios judge the task itself.
    if (isStateless(this.revision) && isObject(message.result) && message.result.resultType === 'task') return { kind: 'result', sender };
    return requestMethod !== undefined ? { kind: 'result', sender, requestMethod } : { kind: 'result', sender };
  }

  private validateBatch(batch: unknown[], sender: Sender): SchemaViolation[] {
    if (!this.model.batches) {
      return [
        {
          pointer: '',
          keyword: 'type',
          message: `must be a single message: JSON-RPC batches are not part of revision ${this.revision} (only 2025-03-26 has them)`,
          schemaPath: '#/$defs/JSONRPCMessage',
          value: batch,
        },
      ];
    }
    if (batch.length === 0) {
      return [
        {
          pointer: '',
          keyword: 'minItems',
          message: 'a batch must hold at least one message',
          schemaPath: '#/$defs/JSONRPCBatchRequest/minItems',
          value: batch,
        },
      ];
    }
    const out: SchemaViolation[] = [];
    const isCall = (m: unknown) => isObject(m) && 'method' in m;
    if (batch.some(isCall) && batch.some((m) => !isCall(m))) {
      out.push({
        pointer: '',
        keyword: 'anyOf',
        message: 'a batch holds either requests and notifications or responses, not both',
        schemaPath: '#/$defs/JSONRPCMessage/anyOf',
        value: batch,
      });
    }
    batch.forEach((element, index) => {
      for (const v of this.validateOne(element, sender, undefined)) out.push({ ...v, pointer: `/${index}${v.pointer}` });
    });
    return out;
  }

  prepare(): void {
    for (const target of opening(this.revision)) this.checkOf(target);
  }

  private check(target: MessageTarget, message: unknown): SchemaViolation[] {
    const validate = this.checkOf(target);
    return validate(message) ? [] : toViolations(validate.errors, this.locate);
  }

  private checkOf(target: MessageTarget): ValidateFunction {
    return this.compiledFor(messageSchemaKey(this.model, target), () => composeMessageSchema(this.model, this.schemaId, target).schema);
  }

  private run(key: string, schema: () => object, value: unknown): SchemaViolation[] {
    const validate = this.compiledFor(key, schema);
    return validate(value) ? [] : toViolations(validate.errors, this.locate);
  }

  private compiledFor(key: string, schema: () => object): ValidateFunction {
    let validate = this.compiled.get(key);
    if (!validate) {
      const made = schema();
      // Compile each definition the composed schema names once per revision, through getSchema,
      // which caches it by its full reference: otherwise every composed root compiles its own
      // copy of the definitions it reaches (ajv keeps reference caches per root).
      for (const ref of topRefs(made)) this.instance().getSchema(ref);
      validate = this.instance().compile(made);
      this.compiled.set(key, validate);
    }
    return validate;
  }

  private instance(): AnyAjv {
    if (!this.ajv) {
      const schema = buildProtocolSchema(this.revision);
      this.ajv = createAjv('2020-12', { strictSchema: true });
      this.ajv.addSchema(schema);
      this.locate = indexSchema(schema);
    }
    return this.ajv;
  }
}

/** The `$ref`s a composed schema holds, at any depth. */
function topRefs(schema: unknown, out: Set<string> = new Set()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) topRefs(item, out);
  else if (isObject(schema)) {
    for (const [key, value] of Object.entries(schema)) {
      if (key === '$ref' && typeof value === 'string') out.add(value);
      else topRefs(value, out);
    }
  }
  return out;
}

const validators = new Map<Revision, RevisionValidator>();

/** The validator of a revision; created once per revision and shared. */
export function protocolValidator(revision: Revision): ProtocolValidator {
  if (!isRevision(revision)) {
    throw new Error(`Failed to create a protocol validator: "${String(revision)}" is not a known revision. Known: ${REVISIONS.join(', ')}.`);
  }
  let validator = validators.get(revision);
  if (!validator) {
    validator = new RevisionValidator(revision);
    validators.set(revision, validator);
  }
  return validator;
}
