// Turns ajv's errors into SchemaViolations that read well in a report: one per problem, with the JSON
// pointer, the failing keyword, the offending value, and a schema path into our own published schema.
import type { ErrorObject } from 'ajv';
import { refName } from './schema-dsl.js';

/** One problem of a message against our schema: where it is, which keyword failed, and how it reads. */
export interface SchemaViolation {
  pointer: string;
  keyword: string;
  message: string;
  schemaPath: string;
  value?: unknown;
}

/** Maps a schema object (by identity) to its JSON pointer inside the published schema. */
export type SchemaLocator = (schema: unknown) => string | undefined;

/** Indexes every object node of a schema by identity, so errors can name where they come from. */
export function indexSchema(root: object): SchemaLocator {
  const where = new WeakMap<object, string>();
  const visit = (node: unknown, pointer: string): void => {
    if (typeof node !== 'object' || node === null) return;
    if (!where.has(node)) where.set(node, pointer);
    for (const [key, child] of Object.entries(node)) visit(child, `${pointer}/${escapePointer(key)}`);
  };
  visit(root, '#');
  return (schema) => (typeof schema === 'object' && schema !== null ? where.get(schema) : undefined);
}

function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

function describe(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'not': {
      const forbidden = ((error.schema as { required?: string[] } | undefined)?.required ?? [])[0];
      return forbidden ? `must not have member '${forbidden}'` : 'must not match the forbidden shape';
    }
    case 'anyOf':
    case 'oneOf': {
      const names = Array.isArray(error.schema) ? error.schema.map(refName) : [];
      return names.length > 0 && names.every((n) => n !== undefined)
        ? `must match one of ${names.join(', ')}`
        : `must match one of the ${Array.isArray(error.schema) ? error.schema.length : ''} allowed shapes`.replace('  ', ' ');
    }
    default:
      return error.message ?? error.keyword;
  }
}

/**
 * Converts ajv errors. `if` errors are dropped: they only repeat the errors of the branch that failed.
 * Identical findings (same pointer, keyword and message) are reported once.
 */
export function toViolations(errors: readonly ErrorObject[] | null | undefined, locate?: SchemaLocator): SchemaViolation[] {
  if (!errors) return [];
  const out: SchemaViolation[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    if (error.keyword === 'if') continue;
    const message = describe(error);
    const key = `${error.instancePath}\u0000${error.keyword}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const located = locate?.(error.parentSchema);
    const violation: SchemaViolation = {
      pointer: error.instancePath,
      keyword: error.keyword,
      message,
      schemaPath: located !== undefined ? `${located}/${error.keyword}` : error.schemaPath,
    };
    if (error.data !== undefined) violation.value = error.data;
    out.push(violation);
  }
  return out;
}
