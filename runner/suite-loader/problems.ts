// The problems the suite loader reports and their stable codes, plus the error that carries them.
// Codes are part of the public contract: tools and docs refer to them; never reuse or rename one.
import { SourceProblemsError, type SourceProblem } from '../../schema/scenario/index.js';

/** One problem in one scenario file; `line`/`column` are 1-based (0 when the file could not be read). */
export interface ScenarioProblem extends SourceProblem {
  code: string;
  file: string;
  line: number;
  column: number;
  key?: string;
  message: string;
  fix: string;
}

export const SCENARIO_PROBLEM_CODES = {
  MCPC_SCENARIO_READ: 'A scenario file or folder could not be read.',
  MCPC_SCENARIO_YAML: 'The file is not valid YAML.',
  MCPC_SCENARIO_INVALID: 'The file does not follow the scenario format (wrong type, missing key, bad value).',
  MCPC_SCENARIO_KEY_UNKNOWN: 'A key that the scenario format does not have at this place (often a typo).',
  MCPC_SCENARIO_STEP_UNKNOWN: 'A step names no known kind, or more than one.',
  MCPC_SCENARIO_CONDITION_UNKNOWN: 'A condition names no known test, or more than one.',
  MCPC_SCENARIO_OPERATOR_UNKNOWN: 'A `$` key in a pattern or expression that is not an operator.',
  MCPC_SCENARIO_REGEX: 'A `$regex` that is not a valid regular expression.',
  MCPC_SCENARIO_REGEX_SLOW: 'A `$regex` that repeats a group whose every part repeats too (catastrophic backtracking).',
  MCPC_SCENARIO_TAG_UNKNOWN: 'A tag outside the closed vocabulary.',
  MCPC_SCENARIO_TYPE_UNKNOWN: 'A `$schema` type name that no revision of the protocol schema in range has.',
  MCPC_SCENARIO_ID_MISMATCH: "`id` differs from the file's path under the suites folder.",
  MCPC_SCENARIO_AREA_MISMATCH: "`area` differs from the folder the file is in (or from the id's area).",
  MCPC_SCENARIO_REVISIONS: 'A revision range that does not parse or covers no revision.',
  MCPC_SCENARIO_LABEL_UNDEFINED: 'A step refers to a label that no earlier request, send or handshake defines.',
  MCPC_SCENARIO_CHECK_DUPLICATE: 'Two checks of one scenario share a `check` name, so their ids collide.',
  MCPC_SCENARIO_TITLE_STYLE: 'The title says "should" or starts with "test".',
  MCPC_SCENARIO_DUPLICATE_ID: 'Two files declare the same scenario id.',
  MCPC_SCENARIO_DUPLICATE_TITLE: 'Two scenarios have the same title.',
  MCPC_RULE_UNKNOWN: 'A cited rule id is not in the rules catalogue.',
  MCPC_RULE_NOT_LISTED: "A step cites a rule that the scenario's `rules` list leaves out.",
  MCPC_RULE_OUT_OF_RANGE: 'A cited rule is in force for none of the revisions the scenario (or step) runs at.',
  MCPC_RULE_SIDE: 'A cited rule binds the other side than the one the scenario tests.',
  MCPC_HTTP_REQUEST_REVISION:
    'An `http` step POSTs a request the revision it runs at does not define or that lacks what every request of that revision carries, so a server may refuse it for that.',
} as const;

export type ScenarioProblemCode = keyof typeof SCENARIO_PROBLEM_CODES;

export function problem(
  code: ScenarioProblemCode,
  file: string,
  at: { line: number; column: number },
  message: string,
  fix: string,
  key?: string,
): ScenarioProblem {
  return { code, file, line: at.line, column: at.column, ...(key !== undefined ? { key } : {}), message, fix };
}

/** Thrown by loadScenariosOrThrow; its message lists every problem, one "<file>:<line>:<col> <message> <fix>" line each. */
export class ScenarioLoadError extends SourceProblemsError {
  declare readonly problems: ScenarioProblem[];

  constructor(problems: ScenarioProblem[]) {
    super('MCPC_SCENARIO_INVALID', 'load scenarios', problems);
    this.name = 'ScenarioLoadError';
  }
}
