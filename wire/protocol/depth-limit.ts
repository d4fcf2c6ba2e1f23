// Bounds how deeply nested a received message is before anything recursive (schema validation,
// pattern matching, key-name checks, rendering) walks it. No rule of the specification limits
// nesting, so a deep message is not a finding: the levels below the limit are replaced by a marker
// and left unjudged, and the session notes it. Without this, one message nested 100 000 levels deep
// overflows the runner's stack. Both walks here are iterative.

/** Deepest level of a message that is judged; real MCP messages stay far below it. */
export const MAX_JUDGED_DEPTH = 256;

/** What stands in for a value nested below the limit. */
export const TOO_DEEP_MARKER = `[mcp-conform: nested more than ${MAX_JUDGED_DEPTH} levels deep; not judged]`;

/**
 * Replaces, in place, every object or array that sits deeper than `max` levels (the message itself
 * is level 1) by TOO_DEEP_MARKER. Returns how deep the message went when it went deeper than `max`
 * (counted up to a bound, for the note), else undefined and the message is untouched.
 */
export function limitDepth(message: unknown, max = MAX_JUDGED_DEPTH): number | undefined {
  const deepest = depthBeyond(message, max);
  if (deepest === undefined) return undefined;
  const stack: [Record<string, unknown> | unknown[], number][] = [];
  if (isContainer(message)) stack.push([message, 1]);
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    for (const key of Object.keys(node)) {
      const child = (node as Record<string, unknown>)[key];
      if (!isContainer(child)) continue;
      if (depth + 1 > max) (node as Record<string, unknown>)[key] = TOO_DEEP_MARKER;
      else stack.push([child, depth + 1]);
    }
  }
  return deepest;
}

/** The depth of `value` when it exceeds `max` (measured up to 100 × max), else undefined. */
function depthBeyond(value: unknown, max: number): number | undefined {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (!isContainer(node)) continue;
    if (depth > deepest) deepest = depth;
    if (deepest >= max * 100) break;
    for (const child of Object.values(node)) if (isContainer(child)) stack.push([child, depth + 1]);
  }
  return deepest > max ? deepest : undefined;
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null;
}
