// Per-revision validators handed to the engine and to client mode: our protocol schemas, wrapped in
// the shapes the steps and the always-on checks expect.
import { protocolValidator, schemaProblems, validateWithSchema } from '../schema/index.js';
import { REVISIONS, type Revision } from '../schema/revisions.js';

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

/**
 * Prepares the validators of `revisions` (default: every revision) one at a time, between turns of
 * the event loop, until `until` settles: the run calls it while a server it started boots, when it
 * would otherwise idle. The first cell of each revision would compile them otherwise, and the
 * first cells hold the server to themselves (cells that need it alone start first), so everything
 * else waits for their CPU. Only timing changes: a check compiled early judges as one compiled late.
 */
export async function prepareValidators(until: Promise<unknown>, revisions: readonly Revision[] = REVISIONS): Promise<void> {
  let settled = false;
  void until.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (const revision of revisions) {
    await new Promise((resolve) => setImmediate(resolve));
    if (settled) return;
    try {
      protocolValidator(revision).prepare();
    } catch {
      // Met again, and reported, where a cell first uses the check.
    }
  }
}
