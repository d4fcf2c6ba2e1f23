// Per-revision validators handed to the engine and to client mode: our protocol schemas, wrapped in
// the shapes the steps and the always-on checks expect.
import { protocolValidator, schemaProblems, validateWithSchema } from '../schema/index.js';
import type { Revision } from '../schema/revisions.js';

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
