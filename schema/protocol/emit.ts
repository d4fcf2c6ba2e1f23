// Writes schema/protocol/generated/<revision>.schema.json, our protocol schemas as plain files for
// editors and other tools. Run `npx tsx schema/protocol/emit.ts` after changing the model; a test keeps them current.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fromRoot } from '../package-root.js';
import { REVISIONS, type Revision } from '../revisions.js';
import { buildProtocolSchema } from './build.js';

export function generatedSchemaPath(revision: Revision): string {
  return fromRoot('schema', 'protocol', 'generated', `${revision}.schema.json`);
}

/** The exact text of a generated file: stable key order (the model's), two-space indent, final newline. */
export function renderProtocolSchema(revision: Revision): string {
  return `${JSON.stringify(buildProtocolSchema(revision), null, 2)}\n`;
}

function emitProtocolSchemas(): string[] {
  return REVISIONS.map((revision) => {
    const path = generatedSchemaPath(revision);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, renderProtocolSchema(revision));
    return path;
  });
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const path of emitProtocolSchemas()) process.stdout.write(`wrote ${path}\n`);
}
