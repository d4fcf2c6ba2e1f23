// The ordered list of MCP protocol revisions and helpers to compare them and parse ranges.
// Every other module asks this file which revisions exist; nothing else hard-codes the list.

/** The MCP revisions mcp-conform knows, oldest first. */
export const REVISIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const;

export type Revision = (typeof REVISIONS)[number];

export function isRevision(value: unknown): value is Revision {
  return typeof value === 'string' && (REVISIONS as readonly string[]).includes(value);
}

/** Revisions from 2026-07-28 on are stateless: no initialize handshake, per-request `_meta`. */
export function isStateless(revision: Revision): boolean {
  return compareRevisions(revision, '2026-07-28') >= 0;
}

export function compareRevisions(a: Revision, b: Revision): number {
  return REVISIONS.indexOf(a) - REVISIONS.indexOf(b);
}

/**
 * A revision range as written in scenario and rule files:
 *   "*"                     every revision
 *   "2025-06-18"            exactly one
 *   ">=2025-03-26"          from a revision on (also >, <=, <)
 *   ">=2025-03-26 <2026-07-28"  conjunction of comparators separated by spaces
 *   ["2024-11-05", "2025-11-25"]  an explicit list
 */
export type RevisionRange = string | readonly string[];

export class RevisionRangeError extends Error {
  constructor(
    message: string,
    readonly fix: string,
  ) {
    super(message);
    this.name = 'RevisionRangeError';
  }
}

const COMPARATOR = /^(>=|<=|>|<|=)?(\d{4}-\d{2}-\d{2})$/;

/** Expands a range into the revisions it covers; throws RevisionRangeError on a malformed range. */
export function expandRange(range: RevisionRange): Revision[] {
  if (Array.isArray(range)) {
    for (const r of range) {
      if (!isRevision(r)) throw unknownRevision(String(r));
    }
    return REVISIONS.filter((r) => range.includes(r));
  }
  const text = String(range).trim();
  if (text === '*' || text === '') return [...REVISIONS];
  const parts = text.split(/\s+/);
  let selected: Revision[] = [...REVISIONS];
  for (const part of parts) {
    const m = COMPARATOR.exec(part);
    if (!m) {
      throw new RevisionRangeError(
        `"${part}" is not a revision comparator`,
        `write a revision such as 2025-06-18, optionally prefixed by >=, >, <= or <, or "*" for all`,
      );
    }
    const op = m[1] ?? '=';
    const rev = m[2]!;
    if (!isRevision(rev)) throw unknownRevision(rev);
    selected = selected.filter((r) => {
      const c = compareRevisions(r, rev);
      switch (op) {
        case '>=':
          return c >= 0;
        case '>':
          return c > 0;
        case '<=':
          return c <= 0;
        case '<':
          return c < 0;
        default:
          return c === 0;
      }
    });
  }
  return selected;
}

export function inRange(revision: Revision, range: RevisionRange): boolean {
  return expandRange(range).includes(revision);
}

function unknownRevision(value: string): RevisionRangeError {
  return new RevisionRangeError(`"${value}" is not a known MCP revision`, `known revisions: ${REVISIONS.join(', ')}`);
}
