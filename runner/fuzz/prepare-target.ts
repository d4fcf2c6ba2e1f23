// Chooses the revision to fuzz at (the one asked for, else the newest the target accepts) and
// collects what it offers (tools, resources, prompts) through the engine's probe.
import { REVISIONS, type Revision } from '../../schema/index.js';
import { probeRevision } from '../engine/index.js';
import type { ClientIdentity, Transport } from '../../wire/protocol/index.js';
import type { ToolLike } from './tool-call-arbitrary.js';

interface PreparedTarget {
  revision: Revision;
  tools: ToolLike[];
  resourceUris: string[];
  promptNames: string[];
}

export type PrepareResult = { ok: true; target: PreparedTarget } | { ok: false; reason: string; unreachable: boolean };

export async function prepareTarget(makeTransport: () => Transport, client: ClientIdentity, timeoutMs: number, revision?: Revision): Promise<PrepareResult> {
  const candidates = revision ? [revision] : [...REVISIONS].reverse();
  const reasons: string[] = [];
  for (const candidate of candidates) {
    const probe = await probeRevision(candidate, makeTransport, client, timeoutMs);
    if (probe.unreachable && !probe.accepted) return { ok: false, reason: probe.reason ?? 'the target could not be reached', unreachable: true };
    if (!probe.accepted) {
      reasons.push(probe.reason ?? `${candidate} not accepted`);
      continue;
    }
    const p = probe.profile;
    return {
      ok: true,
      target: {
        revision: candidate,
        tools: p.tools.filter((t) => typeof t.name === 'string') as unknown as ToolLike[],
        resourceUris: p.resources.map((r) => r.uri).filter((u): u is string => typeof u === 'string'),
        promptNames: p.prompts.map((r) => r.name).filter((u): u is string => typeof u === 'string'),
      },
    };
  }
  return { ok: false, reason: reasons.join('; '), unreachable: false };
}
