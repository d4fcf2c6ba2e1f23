// `$headerParams`: what a scenario needs to test 2026-07-28's Mcp-Param-{Name} headers on any server:
// the first x-mcp-header argument of a picked tool (its header name, path and type), arguments that
// give it a value, and the header value a client sends for it.
import { argumentText, encodeHeaderValue, headerParams, valueAt, type HeaderParam } from '../../schema/mcp-header-params.js';
import { isPlainObject } from './json-values.js';
import { validArgsFor } from './valid-args.js';

export interface HeaderParamsChoice {
  /** Pick the first string argument and give it this text (to test the base64 sentinel form). */
  text?: string;
  /** Leave the picked argument's value out of `args` (no header is then expected). */
  omit?: boolean;
}

export interface HeaderParamsView {
  /** The full header name, `Mcp-Param-{name}`. */
  header: string;
  name: string;
  path: string[];
  type?: string;
  /** Valid arguments in which the picked argument has a value (or, with `omit`, none). */
  args: Record<string, unknown>;
  /** The header value a client sends for the picked argument in `args` (unset when omitted). */
  value?: string;
}

/** Plain values of each allowed type, used where the generated arguments left an annotated one out. */
const SAMPLE: Record<NonNullable<HeaderParam['type']>, unknown> = { string: 'mcp-conform', integer: 7, boolean: true };

/** The view of the first matching annotated argument, or undefined when the schema has none. */
export function headerParamsFor(inputSchema: unknown, seed: number, choice: HeaderParamsChoice = {}): HeaderParamsView | undefined {
  const params = headerParams(inputSchema);
  const picked = choice.text !== undefined ? params.find((p) => p.type === 'string') : params[0];
  if (!picked) return undefined;
  const args = validArgsFor(inputSchema, seed);
  // Only the picked argument is given a value when it has none: the others stay as the schema's
  // own generated arguments have them, so the call depends on no header the scenario does not set.
  const present = valueAt(args, picked.path);
  if (present === undefined || present === null) setAt(args, picked.path, SAMPLE[picked.type ?? 'string']);
  if (choice.text !== undefined) setAt(args, picked.path, choice.text);
  if (choice.omit) removeAt(args, picked.path);
  const text = argumentText(valueAt(args, picked.path));
  return {
    header: `Mcp-Param-${picked.name}`,
    name: picked.name,
    path: picked.path,
    ...(picked.type ? { type: picked.type } : {}),
    args,
    ...(text !== undefined ? { value: encodeHeaderValue(text) } : {}),
  };
}

function setAt(args: Record<string, unknown>, path: string[], value: unknown): void {
  let here = args;
  for (const key of path.slice(0, -1)) {
    if (!isPlainObject(here[key])) here[key] = {};
    here = here[key] as Record<string, unknown>;
  }
  here[path.at(-1)!] = value;
}

function removeAt(args: Record<string, unknown>, path: string[]): void {
  let here: unknown = args;
  for (const key of path.slice(0, -1)) here = isPlainObject(here) ? here[key] : undefined;
  if (isPlainObject(here)) delete here[path.at(-1)!];
}
