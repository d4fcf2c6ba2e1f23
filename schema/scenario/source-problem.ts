// One problem found in a user's YAML file (scenario, rules catalogue, baseline): where it is, what
// is wrong and how to fix it, with a stable code. Also the error that carries a list of them.

export interface SourceProblem {
  /** Stable code such as MCPC_SCENARIO_INVALID, documented beside the loader that emits it. */
  code: string;
  file: string;
  /** 1-based; 0 when the problem concerns the file as a whole (it could not be read). */
  line: number;
  /** 1-based. */
  column: number;
  /** The key the problem is about, when there is one. */
  key?: string;
  /** What is wrong, as a sentence: names the key and what was expected. */
  message: string;
  /** How to fix it, as a sentence (may include "Did you mean ...?"). */
  fix: string;
}

/** One line per problem: "<file>:<line>:<col> <message> <fix>", the shape editors and CI logs link. */
export function formatProblem(problem: SourceProblem): string {
  return `${problem.file}:${problem.line}:${problem.column} ${problem.message} ${problem.fix}`.trimEnd();
}

/** Orders problems by file, then position, so output reads top to bottom. */
export function compareProblems(a: SourceProblem, b: SourceProblem): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column || a.code.localeCompare(b.code);
}

/**
 * An error carrying every problem found, so the user fixes them in one pass. The message follows
 * the project grammar: "Failed to <action> <object>: <reason>. <How to fix>." then one line each.
 */
export class SourceProblemsError extends Error {
  readonly problems: SourceProblem[];

  constructor(
    readonly code: string,
    action: string,
    problems: SourceProblem[],
  ) {
    const sorted = [...problems].sort(compareProblems);
    const files = new Set(sorted.map((p) => p.file)).size;
    const headline =
      `Failed to ${action}: ${sorted.length} problem${sorted.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}. ` +
      'Fix each line below and run again.';
    super([headline, ...sorted.map(formatProblem)].join('\n'));
    this.name = 'SourceProblemsError';
    this.problems = sorted;
  }
}
