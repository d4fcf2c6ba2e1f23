// Reads scenario variables by dotted path (`tool.name`, `profile.tools.0.name`, `tools[0].name`),
// the addressing used by $var, ${} interpolation, $validArgs and $invalidArgs.
import { isPlainObject } from './json-values.js';

/** Splits `a.b[0].c` into ["a", "b", "0", "c"]; undefined when the path is malformed. */
export function splitPath(path: string): string[] | undefined {
  const segments: string[] = [];
  for (const part of path.split('.')) {
    const m = /^([^[\]]*)((?:\[\d+\])*)$/.exec(part);
    if (!m) return undefined;
    if (m[1] !== '') segments.push(m[1]!);
    else if (m[2] === '') return undefined;
    for (const index of m[2]!.matchAll(/\[(\d+)\]/g)) segments.push(index[1]!);
  }
  return segments.length > 0 ? segments : undefined;
}

export function getPath(vars: Record<string, unknown>, path: string): { found: boolean; value?: unknown } {
  const segments = splitPath(path.trim());
  if (!segments) return { found: false };
  let node: unknown = vars;
  for (const segment of segments) {
    if (Array.isArray(node)) {
      if (!/^\d+$/.test(segment) || Number(segment) >= node.length) return { found: false };
      node = node[Number(segment)];
    } else if (isPlainObject(node)) {
      // Own members only: `constructor` or `__proto__` must not reach into prototypes.
      if (!Object.hasOwn(node, segment)) return { found: false };
      node = node[segment];
    } else {
      return { found: false };
    }
  }
  return node === undefined ? { found: false } : { found: true, value: node };
}
