// The `match` of a tool case: every member listed must be present with an equal value (objects
// compared member by member, recursively; arrays and scalars compared whole). Other members of
// the arguments are ignored, so a case can key on one argument.

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

export function matchesPartially(value: unknown, pattern: Record<string, unknown>): boolean {
  if (!isPlainObject(value)) return false;
  return Object.entries(pattern).every(([key, expected]) => {
    if (!Object.hasOwn(value, key)) return false;
    const actual = value[key];
    return isPlainObject(expected) ? matchesPartially(actual, expected) : deepEqual(actual, expected);
  });
}
