// JSON pointers (RFC 6901) into values: reading a member by pointer, and building pointers so that a
// mismatch names the exact place in the message it was found.
import { isPlainObject } from './json-values.js';

function escapePointerSegment(segment: string | number): string {
  return String(segment).replaceAll('~', '~0').replaceAll('/', '~1');
}

export function appendPointer(pointer: string, segment: string | number): string {
  return `${pointer}/${escapePointerSegment(segment)}`;
}

/** Reads the value at `pointer`; `found: false` for a missing member, a bad index or a malformed pointer. */
export function getPointer(value: unknown, pointer: string): { found: boolean; value?: unknown } {
  if (pointer === '') return { found: true, value };
  if (!pointer.startsWith('/')) return { found: false };
  let node: unknown = value;
  for (const raw of pointer.slice(1).split('/')) {
    if (/~(?![01])/.test(raw)) return { found: false };
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(node)) {
      // RFC 6901: array indexes are decimal without leading zeros; "-" (past the end) never exists.
      if (!/^(0|[1-9]\d*)$/.test(segment)) return { found: false };
      const index = Number(segment);
      if (index >= node.length) return { found: false };
      node = node[index];
    } else if (isPlainObject(node)) {
      if (!Object.hasOwn(node, segment)) return { found: false };
      node = node[segment];
    } else {
      return { found: false };
    }
  }
  return node === undefined ? { found: false } : { found: true, value: node };
}
