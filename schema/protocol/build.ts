// Builds each revision's protocol model by applying the change files in order to the base model, and
// turns a model into one self-contained JSON Schema (2020-12) whose `$defs` hold every type of that revision.
import { REVISIONS, type Revision } from '../revisions.js';
import { BASE_MODEL } from './base.js';
import { CHANGES_2025_03_26 } from './changes/2025-03-26.js';
import { CHANGES_2025_06_18 } from './changes/2025-06-18.js';
import { CHANGES_2025_11_25 } from './changes/2025-11-25.js';
import { CHANGES_2026_07_28 } from './changes/2026-07-28.js';
import { type ProtocolModel, type RevisionChanges, type Side, applyChanges } from './model.js';
import { type SchemaObject, anyOf, ref, refName, union } from './schema-dsl.js';

/** The change files, oldest first; each turns the previous revision into the next. */
export const REVISION_CHANGES: readonly RevisionChanges[] = [CHANGES_2025_03_26, CHANGES_2025_06_18, CHANGES_2025_11_25, CHANGES_2026_07_28];

const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** The `$id` of a revision's schema: a URN, since the schemas are not published at a URL. */
export function protocolSchemaId(revision: Revision): string {
  return `urn:mcp-conform:protocol:${revision}`;
}

let models: Map<Revision, ProtocolModel> | undefined;

/** The protocol model of a revision (built once for all revisions, then cached and shared: read it, never change it). */
export function buildProtocolModel(revision: Revision): ProtocolModel {
  models ??= buildAll();
  const model = models.get(revision);
  if (!model) throw new Error(`No protocol model for revision ${revision}; known: ${REVISIONS.join(', ')}`);
  return model;
}

function buildAll(): Map<Revision, ProtocolModel> {
  const out = new Map<Revision, ProtocolModel>();
  let model = withUnions(BASE_MODEL);
  checkReferences(model);
  out.set(model.revision, model);
  for (const changes of REVISION_CHANGES) {
    model = withUnions(applyChanges(model, changes));
    checkReferences(model);
    out.set(model.revision, model);
  }
  return out;
}

/**
 * One self-contained JSON Schema for the revision. Its root accepts any JSON-RPC message of the
 * revision; `$defs` holds every named type, including the unions derived from the method tables.
 */
export function buildProtocolSchema(revision: Revision): SchemaObject {
  const model = buildProtocolModel(revision);
  return {
    $schema: JSON_SCHEMA_DIALECT,
    $id: protocolSchemaId(revision),
    title: `Model Context Protocol ${revision} messages (mcp-conform)`,
    $ref: '#/$defs/JSONRPCMessage',
    // A copy: callers may keep or change what they get without touching the cached model.
    $defs: structuredClone(Object.fromEntries(Object.entries(model.defs).sort(([a], [b]) => a.localeCompare(b)))),
  };
}

/** The unions that are facts of the method tables, recomputed so no change file has to edit them. */
const DERIVED = ['ClientRequest', 'ServerRequest', 'ClientNotification', 'ServerNotification', 'ClientResult', 'ServerResult'] as const;

function withUnions(model: ProtocolModel): ProtocolModel {
  const defs = { ...model.defs };
  for (const name of DERIVED) delete defs[name];
  const by = (side: Side, table: Record<string, { type: string; from: readonly Side[] }>) =>
    Object.fromEntries(
      Object.entries(table)
        .filter(([, e]) => e.from.includes(side))
        .map(([method, e]) => [method, e.type]),
    );
  for (const side of ['client', 'server'] as const) {
    const prefix = side === 'client' ? 'Client' : 'Server';
    const requests = by(side, model.requests);
    if (Object.keys(requests).length > 0) defs[`${prefix}Request`] = union('method', requests);
    const notifications = by(side, model.notifications);
    if (Object.keys(notifications).length > 0) defs[`${prefix}Notification`] = union('method', notifications);
    // A side's results answer the other side's requests.
    const results = new Set<string>();
    for (const entry of Object.values(model.requests)) {
      if (entry.from.includes(side === 'client' ? 'server' : 'client')) {
        for (const alternative of entry.alternatives ?? []) results.add(alternative.type);
        results.add(entry.result);
      }
    }
    results.delete('EmptyResult');
    results.delete('Result');
    defs[`${prefix}Result`] = anyOf(ref('Result'), ...[...results].map(ref));
  }
  return { ...model, defs };
}

/** Every `$ref` must name a definition of the same revision, and every table entry too. */
function checkReferences(model: ProtocolModel): void {
  const missing = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (typeof node === 'object' && node !== null) {
      const name = refName(node);
      if (name !== undefined && !(name in model.defs)) missing.add(name);
      Object.values(node).forEach(visit);
    }
  };
  visit(model.defs);
  for (const entry of Object.values(model.requests)) {
    visit(ref(entry.type));
    visit(ref(entry.result));
    for (const alternative of entry.alternatives ?? []) visit(ref(alternative.type));
  }
  for (const entry of Object.values(model.notifications)) visit(ref(entry.type));
  for (const type of Object.values(model.typedErrors)) visit(ref(type));
  if (missing.size > 0) {
    throw new Error(`Protocol model ${model.revision} refers to undefined types: ${[...missing].sort().join(', ')}`);
  }
}
