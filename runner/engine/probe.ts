// Probes a target at one revision: does it accept the revision, and what does it offer? One short
// conversation per revision, run before the scenarios so that `requires` can be decided.
import { isStateless, type Revision } from '../../schema/revisions.js';
import {
  Session,
  TransportStartError,
  initializeParams,
  isErrorResponse,
  withRequestMeta,
  type ClientIdentity,
  type Transport,
} from '../../wire/protocol/index.js';
import { emptyProfile, type TargetProfile } from './profile.js';

export interface ProbeOutcome {
  revision: Revision;
  accepted: boolean;
  /** Why the revision is not accepted, or why the target could not be probed at all. */
  reason?: string;
  /** True when the target could not be started or never answered: nothing can be tested. */
  unreachable?: boolean;
  profile: TargetProfile;
  stderr: string[];
}

const LISTS = [
  { key: 'tools', method: 'tools/list', capability: 'tools', field: 'tools' },
  { key: 'resources', method: 'resources/list', capability: 'resources', field: 'resources' },
  { key: 'resourceTemplates', method: 'resources/templates/list', capability: 'resources', field: 'resourceTemplates' },
  { key: 'prompts', method: 'prompts/list', capability: 'prompts', field: 'prompts' },
] as const;

const MAX_PAGES = 50;

export async function probeRevision(
  revision: Revision,
  makeTransport: (revision?: Revision) => Transport,
  client: ClientIdentity,
  timeoutMs: number,
): Promise<ProbeOutcome> {
  const profile = emptyProfile(revision);
  const transport = makeTransport(revision);
  try {
    await transport.start();
  } catch (err) {
    const message = err instanceof TransportStartError ? err.message : `Failed to start the target: ${(err as Error).message}`;
    return { revision, accepted: false, unreachable: true, reason: message, profile, stderr: [] };
  }
  const session = new Session(transport);
  try {
    const ask = async (method: string, params: Record<string, unknown> | undefined) => {
      const entry = await session.request(method, withRequestMeta(revision, params, client), { author: 'runner' });
      return session.response(entry, timeoutMs);
    };
    if (!isStateless(revision)) {
      const response = await ask('initialize', initializeParams(revision, client));
      if (!response) return unanswered(revision, profile, session, 'initialize', timeoutMs);
      if (isErrorResponse(response)) {
        return { revision, accepted: false, reason: `the target answered initialize for ${revision} with error ${response.error.code}: ${response.error.message}`, profile, stderr: session.stderr };
      }
      const result = response.result;
      profile.negotiated = String(result.protocolVersion);
      profile.serverInfo = result.serverInfo as Record<string, unknown>;
      profile.capabilities = (result.capabilities as Record<string, unknown>) ?? {};
      if (typeof result.instructions === 'string') profile.instructions = result.instructions;
      if (result.protocolVersion !== revision) {
        return { revision, accepted: false, reason: `the target does not support revision ${revision} (it answered initialize with ${String(result.protocolVersion)})`, profile, stderr: session.stderr };
      }
      await session.notify('notifications/initialized', undefined, 'runner');
    } else {
      const response = await ask('server/discover', {});
      if (!response) return unanswered(revision, profile, session, 'server/discover', timeoutMs);
      if (isErrorResponse(response)) {
        return { revision, accepted: false, reason: `the target does not support revision ${revision} (server/discover failed with ${response.error.code}: ${response.error.message})`, profile, stderr: session.stderr };
      }
      const result = response.result;
      const supported = Array.isArray(result.supportedVersions) ? (result.supportedVersions as unknown[]) : undefined;
      if (supported && !supported.includes(revision)) {
        return { revision, accepted: false, reason: `the target does not support revision ${revision} (server/discover lists ${supported.join(', ')})`, profile, stderr: session.stderr };
      }
      profile.negotiated = revision;
      profile.capabilities = (result.capabilities as Record<string, unknown>) ?? {};
      const meta = (result._meta ?? {}) as Record<string, unknown>;
      profile.serverInfo = meta['io.modelcontextprotocol/serverInfo'] as Record<string, unknown>;
      if (typeof result.instructions === 'string') profile.instructions = result.instructions;
    }
    for (const list of LISTS) {
      if (!profile.capabilities[list.capability]) continue;
      let cursor: unknown;
      for (let page = 0; page < MAX_PAGES; page++) {
        const response = await ask(list.method, cursor !== undefined ? { cursor } : {});
        if (!response || isErrorResponse(response)) {
          profile.notes.push(`${list.method} ${response ? `failed: ${response.error.message}` : 'was not answered'}`);
          break;
        }
        const items = response.result[list.field];
        if (Array.isArray(items)) profile[list.key].push(...(items as Record<string, unknown>[]));
        cursor = response.result.nextCursor;
        if (cursor === undefined || cursor === null) break;
        if (page === MAX_PAGES - 1) profile.notes.push(`${list.method} still had pages after ${MAX_PAGES}`);
      }
    }
    return { revision, accepted: true, profile, stderr: session.stderr };
  } finally {
    await transport.close();
  }
}

function unanswered(revision: Revision, profile: TargetProfile, session: Session, method: string, ms: number): ProbeOutcome {
  const closed = session.closed;
  const reason = closed
    ? `the target ended (${closed.reason}) before answering ${method}`
    : `the target did not answer ${method} within ${ms} ms`;
  const nonJson = session.anomalies.find((a) => a.kind === 'non-json');
  return {
    revision,
    accepted: false,
    unreachable: true,
    reason: nonJson ? `${reason}; it printed non-JSON on stdout: ${session.transcript.find((t) => t.seq === nonJson.seq)?.text.slice(0, 120)}` : reason,
    profile,
    stderr: session.stderr,
  };
}
