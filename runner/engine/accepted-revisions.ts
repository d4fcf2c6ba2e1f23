// The revisions a target accepted in the probes, as scenarios see them (the `accepted` variable):
// all of them, split into the two eras the 2026-07-28 versioning page names (legacy: the
// `initialize` handshake; modern: per-request `_meta`), and the newest of each era.
import { isStateless, type Revision } from '../../schema/revisions.js';

export interface AcceptedRevisions {
  /** Every accepted revision, oldest first. */
  all: Revision[];
  legacy: Revision[];
  modern: Revision[];
  /** Absent when the target accepts no revision of that era (so `defined:` conditions can ask). */
  latestLegacy?: Revision;
  latestModern?: Revision;
}

/** `revisions` in the catalogue's order (oldest first), as the probes return them. */
export function acceptedRevisions(revisions: readonly Revision[]): AcceptedRevisions {
  const legacy = revisions.filter((r) => !isStateless(r));
  const modern = revisions.filter((r) => isStateless(r));
  return {
    all: [...revisions],
    legacy,
    modern,
    ...(legacy.length > 0 ? { latestLegacy: legacy[legacy.length - 1]! } : {}),
    ...(modern.length > 0 ? { latestModern: modern[modern.length - 1]! } : {}),
  };
}

/**
 * Whether a scenario reads the `accepted` variable (`$var: accepted.all`, `defined:
 * accepted.latestLegacy`, `"${accepted.latestModern}"`). Only such scenarios need every revision
 * probed when --revision narrows a run; a run without them probes the revisions it tests, which
 * spares a narrowed stdio run one target process per revision it does not test. Read from the
 * loaded scenario's JSON text, so a mention anywhere (a reply, a condition, a step) counts.
 */
export function readsAcceptedRevisions(scenario: { requires?: unknown; steps?: unknown; replies?: unknown }): boolean {
  const text = JSON.stringify([scenario.requires, scenario.steps, scenario.replies]);
  return /"accepted(\.\w+)?"|\$\{accepted[.}]/.test(text);
}
