// Reads and compiles the JSON Schemas of user-written files (scenarios, expected failures, rules)
// once per process, strictly, so a typo in one of our own schemas fails loudly rather than silently.
import { readFileSync } from 'node:fs';
import type { ValidateFunction } from 'ajv';
import { fromRoot } from '../package-root.js';
import { createAjv } from '../protocol/ajv-factory.js';

export type UserFileSchema = 'scenario' | 'client-scenario' | 'expected-failures' | 'rules' | 'mock' | 'tool-args';

const FILES: Record<UserFileSchema, string[]> = {
  scenario: ['schema', 'scenario', 'scenario.schema.json'],
  'client-scenario': ['schema', 'scenario', 'client-scenario.schema.json'],
  'expected-failures': ['schema', 'scenario', 'expected-failures.schema.json'],
  rules: ['schema', 'rules', 'rules.schema.json'],
  mock: ['schema', 'mock', 'mock-config.schema.json'],
  'tool-args': ['schema', 'user-file', 'tool-args.schema.json'],
};

const schemas = new Map<UserFileSchema, object>();
const validators = new Map<UserFileSchema, ValidateFunction>();

/** Path of the schema file, e.g. for a `yaml-language-server: $schema=` comment. */
function userFileSchemaPath(name: UserFileSchema): string {
  return fromRoot(...FILES[name]);
}

export function userFileSchema(name: UserFileSchema): object {
  let schema = schemas.get(name);
  if (!schema) {
    schema = JSON.parse(readFileSync(userFileSchemaPath(name), 'utf8')) as object;
    schemas.set(name, schema);
  }
  return schema;
}

/** A validator reporting every error (allErrors) with the failing data and schema (verbose). */
export function userFileValidator(name: UserFileSchema): ValidateFunction {
  let validate = validators.get(name);
  if (!validate) {
    // One ajv instance per schema: each file has its own $id and $defs. A client scenario shares the
    // server scenario's frontmatter and patterns by reference, so that schema is loaded beside it.
    const ajv = createAjv('2020-12', { strictSchema: true });
    if (name === 'client-scenario') ajv.addSchema(userFileSchema('scenario'));
    validate = ajv.compile(userFileSchema(name));
    validators.set(name, validate);
  }
  return validate;
}
