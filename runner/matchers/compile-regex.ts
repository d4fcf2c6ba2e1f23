// Compiles scenario and JSON Schema patterns once: shared by the pattern matcher and the argument
// generators, so neither has to import the other; and runs a scenario's pattern within a time budget.
import vm from 'node:vm';

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

/** How long one match of a scenario's regular expression may take before it is stopped. */
const REGEX_BUDGET_MS = 1000;

/** A regular expression stopped at its time budget: catastrophic backtracking, a fault of the pattern. */
export class RegexTimeoutError extends Error {
  constructor(
    readonly source: string,
    readonly inputLength: number,
    readonly budgetMs: number,
    outOfStack = false,
  ) {
    super(
      outOfStack
        ? `the regular expression /${source}/ ran out of stack on a value of ${inputLength} characters (V8 keeps a frame for every repetition of a group); match long values without a repeated group (e.g. $base64 for base64 data)`
        : `the regular expression /${source}/ was stopped after ${budgetMs} ms on a value of ${inputLength} characters (catastrophic backtracking); rewrite it so that no part can match the same text in several ways`,
    );
    this.name = 'RegexTimeoutError';
  }
}

// V8 runs a regular expression to the end however long it takes; a script run in a vm context with
// a timeout is interrupted, backtracking included. One context and one compiled script serve every call.
let sandbox: { context: vm.Context; script: vm.Script } | undefined;

/**
 * A pattern with no quantifier (no unescaped `*`, `+`, `?` or `{`, in a character class too: the
 * test is conservative) and no backreference tries each start position along paths of bounded length, so
 * it runs in time linear in the value and needs no budget. The budget costs a watchdog thread per
 * call (about half a millisecond): most scenario patterns (`[Ss]low|[Ss]leep`) qualify.
 */
const BOUNDED_PATTERN = /^[^*+?{\\]*(?:\\[^1-9k][^*+?{\\]*)*$/;

/** Results of budgeted tests already run, by pattern and value: cells repeat the same tests (a tool name against a pick's pattern). */
const results = new Map<string, boolean>();
const MAX_REMEMBERED = 2000;
const MAX_REMEMBERED_VALUE = 1024;

/** `re.test(value)`, stopped after `budgetMs` with a RegexTimeoutError. */
export function testWithinBudget(re: RegExp, value: string, budgetMs = REGEX_BUDGET_MS): boolean {
  if (BOUNDED_PATTERN.test(re.source)) {
    re.lastIndex = 0;
    return re.test(value);
  }
  const key = value.length <= MAX_REMEMBERED_VALUE ? `${re.flags}/${re.source}\u0000${value}` : undefined;
  const known = key === undefined ? undefined : results.get(key);
  if (known !== undefined) return known;
  const outcome = testInSandbox(re, value, budgetMs);
  if (key !== undefined) {
    if (results.size >= MAX_REMEMBERED) results.clear();
    results.set(key, outcome);
  }
  return outcome;
}

function testInSandbox(re: RegExp, value: string, budgetMs: number): boolean {
  sandbox ??= { context: vm.createContext({ re: undefined, value: '' }), script: new vm.Script('re.lastIndex = 0; re.test(value)') };
  sandbox.context.re = re;
  sandbox.context.value = value;
  try {
    return sandbox.script.runInContext(sandbox.context, { timeout: budgetMs }) === true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw new RegexTimeoutError(re.source, value.length, budgetMs);
    // The scenario's pattern, not the target's value, is at fault (a legal value may be megabytes long).
    if (err instanceof RangeError || (err as Error).name === 'RangeError') throw new RegexTimeoutError(re.source, value.length, budgetMs, true);
    throw err;
  } finally {
    sandbox.context.re = undefined;
    sandbox.context.value = '';
  }
}
