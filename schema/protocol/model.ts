// The shape of one revision's protocol model (definitions + who sends which method) and of the
// change sets that turn one revision into the next. `applyChanges` is the only place deltas are applied.
import type { Revision } from '../revisions.js';
import type { SchemaObject } from './schema-dsl.js';

export type Side = 'client' | 'server';

interface RequestEntry {
  /** Definition of the request (in older revisions the MCP-level `{method, params}` part only). */
  type: string;
  /** Definition of the result a successful response carries. */
  result: string;
  /** Who may send it. */
  from: readonly Side[];
  /**
   * Other results the same request may legitimately yield, each selected by a condition on the
   * result object (a task handle in 2025-11-25, `resultType: "input_required"` in 2026-07-28).
   */
  alternatives?: readonly { when: SchemaObject; type: string }[];
}

interface NotificationEntry {
  type: string;
  from: readonly Side[];
}

export interface ProtocolModel {
  revision: Revision;
  defs: Record<string, SchemaObject>;
  requests: Record<string, RequestEntry>;
  notifications: Record<string, NotificationEntry>;
  /** Error codes with a defined shape in this revision → definition of the whole error response. */
  typedErrors: Record<string, string>;
  /** Whether JSON-RPC batches (arrays of messages) are part of this revision. */
  batches: boolean;
}

/** A replacement may be a new schema or a function of the previous revision's schema. */
export type Replacement = SchemaObject | ((previous: SchemaObject, defs: Readonly<Record<string, SchemaObject>>) => SchemaObject);
/** An addition may be computed from the previous revision's definitions (e.g. a params type split out). */
export type Addition = SchemaObject | ((defs: Readonly<Record<string, SchemaObject>>) => SchemaObject);

interface Delta<A, R> {
  add?: Record<string, A>;
  replace?: Record<string, R>;
  remove?: readonly string[];
}

/** Everything that changed from the previous revision, and nothing else. */
export interface RevisionChanges {
  revision: Revision;
  /** One line per change, in our words, for readers of the change file and of generated docs. */
  notes: readonly string[];
  defs?: Delta<Addition, Replacement>;
  requests?: Delta<RequestEntry, RequestEntry>;
  notifications?: Delta<NotificationEntry, NotificationEntry>;
  typedErrors?: Delta<string, string>;
  batches?: boolean;
}

/** The same replacement for several definitions (e.g. "every annotated object gains _meta"). */
export function replaceEach(
  names: readonly string[],
  change: (previous: SchemaObject, defs: Readonly<Record<string, SchemaObject>>) => SchemaObject,
): Record<string, Replacement> {
  return Object.fromEntries(names.map((name) => [name, change]));
}

/**
 * Member additions grouped by what they add: `[[names], members]` pairs, merged per definition so
 * that a definition named in several groups gets all of their members in one replacement.
 */
export function addMembers(groups: readonly (readonly [readonly string[], Record<string, SchemaObject>])[]): Record<string, Replacement> {
  const merged: Record<string, Record<string, SchemaObject>> = {};
  for (const [names, members] of groups) {
    for (const name of names) merged[name] = { ...merged[name], ...members };
  }
  return Object.fromEntries(
    Object.entries(merged).map(([name, members]) => [
      name,
      (previous: SchemaObject): SchemaObject => {
        const out = structuredClone(previous);
        out.properties = { ...((out.properties as SchemaObject | undefined) ?? {}), ...structuredClone(members) };
        return out;
      },
    ]),
  );
}

/**
 * Applies a change set. Additions must be new names, replacements and removals must name existing
 * ones: a typo in a change file fails the build instead of silently leaving a definition stale.
 * Every function in the change set sees the previous revision's definitions, whatever the order.
 */
export function applyChanges(previous: ProtocolModel, changes: RevisionChanges): ProtocolModel {
  const before = previous.defs;
  const defs: Record<string, SchemaObject> = { ...before };
  const where = `changes/${changes.revision}`;
  const d = changes.defs ?? {};
  for (const name of d.remove ?? []) {
    if (!(name in defs)) throw new Error(`${where}: cannot remove unknown definition ${name}`);
    delete defs[name];
  }
  for (const [name, replacement] of Object.entries(d.replace ?? {})) {
    const old = before[name];
    if (old === undefined) throw new Error(`${where}: cannot replace unknown definition ${name}`);
    defs[name] = typeof replacement === 'function' ? replacement(structuredClone(old), before) : replacement;
  }
  for (const [name, addition] of Object.entries(d.add ?? {})) {
    if (name in before) throw new Error(`${where}: definition ${name} already exists; use replace`);
    defs[name] = typeof addition === 'function' ? addition(before) : addition;
  }
  return {
    revision: changes.revision,
    defs,
    requests: applyTable(previous.requests, changes.requests, `${where} requests`),
    notifications: applyTable(previous.notifications, changes.notifications, `${where} notifications`),
    typedErrors: applyTable(previous.typedErrors, changes.typedErrors, `${where} typedErrors`),
    batches: changes.batches ?? previous.batches,
  };
}

function applyTable<T>(table: Record<string, T>, delta: Delta<T, T> | undefined, where: string): Record<string, T> {
  const out = { ...table };
  if (!delta) return out;
  for (const key of delta.remove ?? []) {
    if (!(key in out)) throw new Error(`${where}: cannot remove unknown entry ${key}`);
    delete out[key];
  }
  for (const [key, value] of Object.entries(delta.replace ?? {})) {
    if (!(key in out)) throw new Error(`${where}: cannot replace unknown entry ${key}`);
    out[key] = value;
  }
  for (const [key, value] of Object.entries(delta.add ?? {})) {
    if (key in out) throw new Error(`${where}: entry ${key} already exists; use replace`);
    out[key] = value;
  }
  return out;
}
