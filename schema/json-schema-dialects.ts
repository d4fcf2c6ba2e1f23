// Validates values against JSON Schemas that targets supply (tool inputSchema/outputSchema, elicitation
// requestedSchema), in the dialect the revision prescribes: 2020-12 by default from 2025-11-25, draft-07 before.
import type { ValidateFunction } from 'ajv';
import { type Revision, compareRevisions } from './revisions.js';
import { type AnyAjv, type Dialect, createAjv } from './protocol/ajv-factory.js';
import { toViolations } from './protocol/violations.js';
import type { SchemaViolation } from './protocol-validator.js';

/** `$schema` values we recognise, without a trailing `#`, mapped to the dialect that implements them. */
const KNOWN_DIALECTS: Record<string, Dialect> = {
  'http://json-schema.org/draft-07/schema': 'draft-07',
  'https://json-schema.org/draft-07/schema': 'draft-07',
  'https://json-schema.org/draft/2019-09/schema': '2019-09',
  'https://json-schema.org/draft/2020-12/schema': '2020-12',
};

/** The revision from which the spec says a schema without `$schema` is JSON Schema 2020-12. */
const DEFAULT_2020_12_FROM: Revision = '2025-11-25';

/** The dialect a schema without `$schema` is read in, for a revision. */
export function defaultDialect(revision: Revision): Dialect {
  return compareRevisions(revision, DEFAULT_2020_12_FROM) >= 0 ? '2020-12' : 'draft-07';
}

type Choice = { ok: true; dialect: Dialect } | { ok: false; message: string; unknownDialect?: true };

function chooseDialect(schema: unknown, revision: Revision): Choice {
  if (typeof schema === 'boolean') return { ok: true, dialect: defaultDialect(revision) };
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return {
      ok: false,
      message: `a JSON Schema must be an object or a boolean, not ${Array.isArray(schema) ? 'an array' : schema === null ? 'null' : typeof schema}`,
    };
  }
  const declared = (schema as Record<string, unknown>).$schema;
  if (declared === undefined) return { ok: true, dialect: defaultDialect(revision) };
  if (typeof declared !== 'string') return { ok: false, message: '"$schema" must be a string (a meta-schema URI)' };
  const dialect = KNOWN_DIALECTS[declared.replace(/#$/, '')];
  if (!dialect) {
    return {
      ok: false,
      message: `"$schema": "${declared}" names a dialect mcp-conform cannot validate; supported: draft-07, 2019-09 and 2020-12`,
      unknownDialect: true,
    };
  }
  return { ok: true, dialect };
}

const instances = new Map<Dialect, AnyAjv>();

function instance(dialect: Dialect): AnyAjv {
  let ajv = instances.get(dialect);
  if (!ajv) {
    // Targets' schemas may carry vendor keywords (x-…) and unknown formats: annotations, not errors.
    ajv = createAjv(dialect, { strictSchema: false });
    instances.set(dialect, ajv);
  }
  return ajv;
}

type Compiled = { ok: true; validate: ValidateFunction } | { ok: false; message: string; unknownDialect?: true; networkRef?: true };

/** Compiled schemas keyed by dialect and JSON text; bounded so a target with endless schemas cannot grow it forever. */
const compiled = new Map<string, Compiled>();
const MAX_CACHED = 1000;

function compile(schema: unknown, revision: Revision): Compiled {
  const choice = chooseDialect(schema, revision);
  if (!choice.ok) return choice;
  const key = `${choice.dialect}\n${JSON.stringify(schema)}`;
  const hit = compiled.get(key);
  if (hit) return hit;
  let result: Compiled;
  const ajv = instance(choice.dialect);
  // ajv mutates nothing, but registers a schema's $id; a copy keeps the caller's object out of its registry.
  const copy = structuredClone(schema) as object | boolean;
  try {
    result = { ok: true, validate: ajv.compile(copy) };
  } catch (error) {
    result = { ok: false, message: `not a valid ${choice.dialect} JSON Schema: ${uniqueParts((error as Error).message)}` };
    // A $ref to a network URL is never fetched (2026-07-28 basic, "$ref Resolution"): the schema
    // cannot be used here, which says nothing about whether it is valid.
    const missing = (error as { missingRef?: unknown }).missingRef;
    if (typeof missing === 'string' && /^https?:\/\//i.test(missing)) {
      result = { ok: false, message: `it references ${missing}, and network $refs are never fetched`, networkRef: true };
    }
    // An id clash with a schema compiled earlier (nested $ids are not forgotten) is not the schema's fault.
    if (/already exists|resolves to more than one schema/.test((error as Error).message)) {
      try {
        result = { ok: true, validate: createAjv(choice.dialect, { strictSchema: false }).compile(structuredClone(copy)) };
      } catch {
        // Keep the first error: the schema is broken on its own too.
      }
    }
  } finally {
    // Forget the schema's $id so another schema may reuse it; the compiled function stays usable.
    if (typeof copy === 'object') ajv.removeSchema(copy);
  }
  if (compiled.size >= MAX_CACHED) compiled.delete(compiled.keys().next().value!);
  compiled.set(key, result);
  return result;
}

/** ajv lists every meta-schema error, often the same one many times: keep each once. */
function uniqueParts(message: string): string {
  const marker = 'schema is invalid: ';
  const at = message.indexOf(marker);
  if (at === -1) return message;
  const parts = message.slice(at + marker.length).split(', ');
  return message.slice(0, at + marker.length) + [...new Set(parts)].join(', ');
}

/**
 * Validates `value` against a schema supplied by a target. A schema that cannot be compiled yields a
 * single violation with keyword `schema` (the schema, not the value, is at fault).
 */
export function validateWithSchema(schema: unknown, value: unknown, revision: Revision): SchemaViolation[] {
  const result = compile(schema, revision);
  if (!result.ok) return [{ pointer: '', keyword: 'schema', message: `the schema cannot be used: ${result.message}`, schemaPath: '#' }];
  return result.validate(value) ? [] : toViolations(result.validate.errors);
}

/**
 * Why a target's schema is not a valid JSON Schema of its dialect (the revision's default when it
 * names none); [] when it is, and when it names a dialect mcp-conform does not implement or
 * references a network URL (never fetched), which we cannot judge either way.
 */
export function schemaProblems(schema: unknown, revision: Revision): string[] {
  const result = compile(schema, revision);
  return result.ok || result.unknownDialect || result.networkRef ? [] : [result.message];
}

/** Whether a target's schema is a JSON Schema mcp-conform can use, in the revision's dialect rules. */
export function isValidSchema(schema: unknown, revision: Revision): { ok: true } | { ok: false; message: string } {
  const result = compile(schema, revision);
  return result.ok ? { ok: true } : { ok: false, message: result.message };
}
