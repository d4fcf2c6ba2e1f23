// Our own schemas compile without ajv's meta-schema check (it costs run time and they are fixed),
// so this test is where they are checked against the JSON Schema 2020-12 meta-schema instead.
import { describe, expect, it } from 'vitest';
import { REVISIONS } from '../revisions.js';
import { userFileSchema, type UserFileSchema } from '../scenario/schema-files.js';
import { createAjv } from './ajv-factory.js';
import { buildProtocolSchema } from './build.js';

const USER_FILE_SCHEMAS: UserFileSchema[] = ['scenario', 'client-scenario', 'expected-failures', 'rules', 'mock'];

function metaSchemaErrors(schema: object): string[] {
  // A user-schema instance keeps the meta-schema check; validateSchema runs it without compiling.
  const ajv = createAjv('2020-12', { strictSchema: false });
  return ajv.validateSchema(schema) ? [] : (ajv.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

describe('own schemas against the 2020-12 meta-schema', () => {
  it.each(REVISIONS)('the %s protocol schema is valid', (revision) => {
    expect(metaSchemaErrors(buildProtocolSchema(revision))).toEqual([]);
  });

  it.each(USER_FILE_SCHEMAS)('the %s file schema is valid', (name) => {
    expect(metaSchemaErrors(userFileSchema(name))).toEqual([]);
  });

  it('finds a keyword with a value of the wrong type', () => {
    expect(metaSchemaErrors({ type: 'array', minItems: '3' })).toEqual(['/minItems must be integer']);
  });
});
