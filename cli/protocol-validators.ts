// The per-revision validators the engine and client mode need, as plain functions over our schemas.
import { protocolValidator, schemaProblems, validateWithSchema } from '../schema/index.js';
import type { Revision } from '../schema/revisions.js';

/** Message and schema validators for one revision, with problems rendered as `pointer message` lines. */
export function validatorsFor(revision: Revision) {
  const v = protocolValidator(revision);
  const describe = (list: { pointer: string; message: string }[]) => list.map((x) => `${x.pointer || '(root)'} ${x.message}`);
  return {
    validators: {
      validateType: (name: string, value: unknown) => describe(v.validateType(name, value)),
      validateSchema: (schema: unknown, value: unknown) => describe(validateWithSchema(schema, value, revision)),
      checkSchema: (schema: unknown) => schemaProblems(schema, revision),
    },
    messageValidator: { validateMessage: (m: unknown, s: 'server' | 'client', method?: string) => v.validateMessage(m, s, method) },
  };
}
