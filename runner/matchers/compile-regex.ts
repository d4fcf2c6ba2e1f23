// Compiles scenario and JSON Schema patterns once: shared by the pattern matcher and the argument
// generators, so neither has to import the other.
const regexCache = new Map<string, RegExp | null>();

/** Compiles in unicode mode (as JSON Schema does), falling back to legacy mode for old-style escapes. */
export function compileRegex(source: string): RegExp | undefined {
  if (!regexCache.has(source)) {
    let re: RegExp | null = null;
    for (const flags of ['u', '']) {
      try {
        re = new RegExp(source, flags);
        break;
      } catch {
        // try the next flag set
      }
    }
    if (regexCache.size > 500) regexCache.clear();
    regexCache.set(source, re);
  }
  return regexCache.get(source) ?? undefined;
}
