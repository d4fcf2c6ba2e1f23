// Which of the target's tools a run may call, which it prefers, and with what arguments
// (docs/decisions/0010-safe-by-default-tool-calls.md). Calling a tool can do anything the tool does
// (send mail, delete files), and the spec's annotation defaults make a tool that says nothing about
// itself destructive (`readOnlyHint` defaults to false, `destructiveHint` to true, from 2025-03-26;
// 2024-11-05 has no annotations at all). So by default only tools the server declares harmless are
// called; the user widens that for a test instance (`all`), or vouches for tools by naming them.

/** `declared-safe`: tools declared read-only or non-destructive, and tools the user named. `all`: any tool. */
export type ToolScope = 'declared-safe' | 'all';
export const TOOL_SCOPES: readonly ToolScope[] = ['declared-safe', 'all'];

/** Argument objects the user knows work, by tool name (--tool-args): used instead of generated ones. */
export type ToolArguments = Readonly<Record<string, readonly Record<string, unknown>[]>>;

export interface ToolChoice {
  scope: ToolScope;
  /** Tools to pick first when a scenario picks a tool to call (--tool), in the order given. */
  preferred: readonly string[];
  arguments: ToolArguments;
  /**
   * Names of tools the target declared harmless in the listing of another revision it accepts. A
   * 2024-11-05 listing cannot carry annotations: the same server's declaration at a later revision
   * is about the same tool.
   */
  declaredElsewhere?: ReadonlySet<string>;
}

export const DEFAULT_TOOL_CHOICE: ToolChoice = { scope: 'declared-safe', preferred: [], arguments: {} };

type Tool = Record<string, unknown>;

/** Whether the tool's own listing says it is harmless: `readOnlyHint: true`, or `destructiveHint: false`. */
export function declaredHarmless(tool: Tool): boolean {
  const annotations = tool.annotations;
  if (typeof annotations !== 'object' || annotations === null) return false;
  const { readOnlyHint, destructiveHint } = annotations as { readOnlyHint?: unknown; destructiveHint?: unknown };
  // destructiveHint is meaningful only when readOnlyHint is false; false means "only additive updates".
  return readOnlyHint === true || destructiveHint === false;
}

/** Whether the tool's listing says it may destroy: `destructiveHint: true` on a tool not declared read-only. */
function declaredDestructive(tool: Tool): boolean {
  const annotations = tool.annotations as { readOnlyHint?: unknown; destructiveHint?: unknown } | undefined;
  return typeof annotations === 'object' && annotations !== null && annotations.readOnlyHint !== true && annotations.destructiveHint === true;
}

/** The user named the tool (--tool, or arguments for it in --tool-args): they vouch for calling it. */
function namedByUser(name: unknown, choice: ToolChoice): boolean {
  return typeof name === 'string' && (choice.preferred.includes(name) || Object.hasOwn(choice.arguments, name));
}

/** Whether the run may call this tool. */
export function mayCall(tool: Tool, choice: ToolChoice): boolean {
  if (choice.scope === 'all' || declaredHarmless(tool) || namedByUser(tool.name, choice)) return true;
  // Only a tool whose own listing says nothing borrows another revision's declaration.
  return tool.annotations === undefined && typeof tool.name === 'string' && choice.declaredElsewhere?.has(tool.name) === true;
}

/**
 * The callable tools of `candidates`, best first: the ones the user named (in their order), then the
 * ones declared harmless, then the rest (with `all`), declared destructive last. Stable otherwise,
 * so a scenario still gets the first match of the listing when nothing sets one apart.
 */
export function callableInOrder<T extends Tool>(candidates: readonly T[], choice: ToolChoice): T[] {
  const rank = (tool: T): number => {
    const named = typeof tool.name === 'string' ? choice.preferred.indexOf(tool.name) : -1;
    if (named >= 0) return named - choice.preferred.length;
    if (declaredHarmless(tool)) return 0;
    return declaredDestructive(tool) ? 2 : 1;
  };
  return candidates
    .filter((tool) => mayCall(tool, choice))
    .map((tool, i) => ({ tool, i, rank: rank(tool) }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map(({ tool }) => tool);
}

/** The first argument object the user gave for this tool, as a fresh copy; undefined when none. */
export function userArguments(choice: ToolChoice, name: unknown): Record<string, unknown> | undefined {
  if (typeof name !== 'string' || !Object.hasOwn(choice.arguments, name)) return undefined;
  const first = choice.arguments[name]?.[0];
  return first === undefined ? undefined : structuredClone(first);
}

/**
 * The skip reason of a scenario that needs a tool to call when `matching` tools fit it (of those
 * that match `pattern`, when the scenario has one) and none may be called. Names the options, in
 * the CLI's words (the API's options map onto them one to one, docs/api.md).
 */
export function noCallableToolReason(matching: number, pattern?: string): string {
  const which =
    matching === 1
      ? `the target's only tool${pattern ? ` that matches ${pattern}` : ''} is not`
      : `none of the target's ${matching} tools${pattern ? ` that match ${pattern}` : ''} is`;
  return (
    `${which} declared read-only or non-destructive (readOnlyHint: true or destructiveHint: false), and by default only such tools are called; ` +
    'pass --tools all to call any tool on a test instance, or name one you know is safe with --tool NAME (or give its arguments with --tool-args FILE)'
  );
}

/**
 * The choice with `declaredElsewhere` filled from every listing of the target (one per revision it
 * accepts): tools some listing declares harmless and none declares destructive.
 */
export function withDeclarationsOf(choice: ToolChoice, listings: readonly (readonly Tool[])[]): ToolChoice {
  const harmless = new Set<string>();
  const destructive = new Set<string>();
  for (const tool of listings.flat()) {
    if (typeof tool.name !== 'string') continue;
    if (declaredHarmless(tool)) harmless.add(tool.name);
    else if (tool.annotations !== undefined) destructive.add(tool.name);
  }
  for (const name of destructive) harmless.delete(name);
  return { ...choice, declaredElsewhere: harmless };
}
