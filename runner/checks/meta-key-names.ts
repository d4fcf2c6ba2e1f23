// Finds `_meta` keys that break the key-name format of basic/index (from 2025-06-18): an optional
// prefix of dot-separated labels ending in "/", then a name that, unless empty, starts and ends
// with a letter or digit. Values a server passes through for someone else (tool arguments and
// structured content, JSON Schemas, error data) are not the protocol's `_meta` and are skipped.
const LABEL = '[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const KEY = new RegExp(`^(?:(?:${LABEL}\\.)*${LABEL}/)?(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?$`);
const OPAQUE_MEMBERS = new Set(['arguments', 'structuredContent', 'inputSchema', 'outputSchema', 'requestedSchema', 'data', 'properties']);

export interface BadMetaKey {
  /** JSON pointer of the offending `_meta` object. */
  pointer: string;
  key: string;
}

export function isValidMetaKey(key: string): boolean {
  return KEY.test(key);
}

/** Every `_meta` key of the message that breaks the format, in document order. */
export function badMetaKeys(message: unknown): BadMetaKey[] {
  const out: BadMetaKey[] = [];
  const visit = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => visit(item, `${pointer}/${i}`));
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [member, value] of Object.entries(node as Record<string, unknown>)) {
      const at = `${pointer}/${member.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (member === '_meta' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
        for (const key of Object.keys(value)) if (!isValidMetaKey(key)) out.push({ pointer: at, key });
      } else if (!OPAQUE_MEMBERS.has(member)) {
        visit(value, at);
      }
    }
  };
  visit(message, '');
  return out;
}
