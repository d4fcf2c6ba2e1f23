// Per-revision protocol facts the mock core enforces on every connection: which methods a client
// may call, which requests a server may send, which capability gates a method, where batches exist.
import { compareRevisions, isStateless, type Revision } from '../../schema/revisions.js';

/** Client requests of the stateful revisions (2024-11-05 .. 2025-06-18, from each schema's ClientRequest). */
const STATEFUL_CLIENT_REQUESTS = [
  'initialize',
  'ping',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'resources/subscribe',
  'resources/unsubscribe',
  'prompts/list',
  'prompts/get',
  'tools/list',
  'tools/call',
  'logging/setLevel',
  'completion/complete',
] as const;

/** 2025-11-25 added the experimental tasks requests (moved to an extension in 2026-07-28). */
const TASK_REQUESTS = ['tasks/get', 'tasks/result', 'tasks/cancel', 'tasks/list'] as const;

/** 2026-07-28 ClientRequest: no initialize, ping, setLevel or subscribe; discover and listen instead. */
const STATELESS_CLIENT_REQUESTS = [
  'server/discover',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'subscriptions/listen',
  'prompts/list',
  'prompts/get',
  'tools/list',
  'tools/call',
  'completion/complete',
] as const;

/**
 * From 2026-07-28 tasks are the official extension io.modelcontextprotocol/tasks (its own
 * repository, modelcontextprotocol/ext-tasks): these methods are left to handlers, which answer
 * them only when the server implements the extension (-32601 otherwise, as for any unknown method).
 */
const TASKS_EXTENSION_REQUESTS = ['tasks/get', 'tasks/update', 'tasks/cancel'] as const;

const KNOWN = new Set<string>([...STATEFUL_CLIENT_REQUESTS, ...TASK_REQUESTS, ...STATELESS_CLIENT_REQUESTS]);
const cache = new Map<Revision, ReadonlySet<string>>();

/** The requests a client may send in a revision. */
export function clientRequestsOf(revision: Revision): ReadonlySet<string> {
  let set = cache.get(revision);
  if (!set) {
    if (isStateless(revision)) set = new Set([...STATELESS_CLIENT_REQUESTS, ...TASKS_EXTENSION_REQUESTS]);
    else if (compareRevisions(revision, '2025-11-25') >= 0) set = new Set([...STATEFUL_CLIENT_REQUESTS, ...TASK_REQUESTS]);
    else set = new Set(STATEFUL_CLIENT_REQUESTS);
    cache.set(revision, set);
  }
  return set;
}

/** True for a method some revision defines as a client request; custom methods are left to handlers. */
export function isKnownClientRequest(method: string): boolean {
  return KNOWN.has(method);
}

/**
 * The requests a server may send to the client in a stateful revision, with the client capability
 * each one needs. 2026-07-28 has none: servers ask for input with input_required results instead.
 */
export function serverRequestCapability(revision: Revision, method: string): string | null | undefined {
  if (isStateless(revision)) return undefined;
  switch (method) {
    case 'ping':
      return null;
    case 'sampling/createMessage':
      return 'sampling';
    case 'roots/list':
      return 'roots';
    case 'elicitation/create':
      return compareRevisions(revision, '2025-06-18') >= 0 ? 'elicitation' : undefined;
    default:
      return undefined;
  }
}

/** Only 2025-03-26 has JSON-RPC batches (JSONRPCBatchRequest); 2025-06-18 removed them again. */
export function batchesAllowed(revision: Revision | undefined): boolean {
  return revision === '2025-03-26';
}

/**
 * The server capability a client request depends on, as a dotted path whose value must be present
 * (or `true` for boolean leaves). `undefined` means the method is not gated by a capability.
 */
export function serverCapabilityFor(method: string, revision: Revision): string | undefined {
  if (method.startsWith('tools/')) return 'tools';
  if (method.startsWith('prompts/')) return 'prompts';
  if (method === 'resources/subscribe' || method === 'resources/unsubscribe') return 'resources.subscribe';
  if (method.startsWith('resources/')) return 'resources';
  if (method === 'logging/setLevel') return 'logging';
  // 2024-11-05 has no `completions` capability; completion/complete was ungated there.
  if (method === 'completion/complete') return compareRevisions(revision, '2025-03-26') >= 0 ? 'completions' : undefined;
  return undefined;
}

/** Reads a dotted capability path: present objects count, booleans must be true. */
export function hasCapability(capabilities: Record<string, unknown> | undefined, path: string): boolean {
  let node: unknown = capabilities;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  if (node === undefined || node === null || node === false) return false;
  return true;
}

/**
 * Whether the client accepts form-mode elicitation. From 2025-11-25 the elicitation capability has
 * `form` and `url` members; an empty object still means form support (backwards compatibility).
 */
export function clientAcceptsFormElicitation(capabilities: Record<string, unknown>): boolean {
  const e = capabilities.elicitation;
  if (typeof e !== 'object' || e === null || Array.isArray(e)) return false;
  const members = e as Record<string, unknown>;
  if ('form' in members) return hasCapability(members, 'form');
  return !('url' in members);
}

/** Progress notifications gained their optional `message` in 2025-03-26. */
export function progressHasMessage(revision: Revision): boolean {
  return compareRevisions(revision, '2025-03-26') >= 0;
}
