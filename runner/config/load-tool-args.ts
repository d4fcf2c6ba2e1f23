// Reads a --tool-args file (YAML or JSON: tool name -> one argument object or a list of them) with
// the same file:line:column problems as scenario files and baselines, against
// schema/user-file/tool-args.schema.json. Arguments given in code (runConformance's `toolArgs`
// object) are checked against the same schema.
import { loadUserFile, userFileValidator, type SourceProblem } from '../../schema/scenario/index.js';
import type { ToolArguments } from './tool-choice.js';

const TOOL_ARGS_INVALID = 'MCPC_TOOL_ARGS_INVALID';
const FIX = 'Give each tool name one arguments object or a list of them, e.g. `search: { query: weather }`.';

export function loadToolArguments(file: string): ToolArguments {
  const value = loadUserFile(file, {
    code: TOOL_ARGS_INVALID,
    what: 'a tool arguments file (YAML or JSON)',
    action: `read the tool arguments ${file}`,
    schema: 'tool-args',
    fix: { missing: 'Check the path given to --tool-args.', unreadable: 'Pass a YAML or JSON file of tool name -> arguments to --tool-args.' },
    empty: {},
  });
  return normalised(value as Record<string, unknown>);
}

/** Arguments given as an object in code: the same shape, checked by the same schema. */
export function checkToolArguments(value: unknown): ToolArguments | SourceProblem[] {
  const validate = userFileValidator('tool-args');
  if (validate(value)) return normalised(value as Record<string, unknown>);
  return (validate.errors ?? []).map((e) => ({
    code: TOOL_ARGS_INVALID,
    file: 'toolArgs',
    line: 0,
    column: 0,
    message: `toolArgs${e.instancePath.replaceAll('/', '.')} ${e.message ?? 'is invalid'}.`,
    fix: FIX,
  }));
}

/** Every entry as a list, so that callers need not tell one object from many. */
function normalised(value: Record<string, unknown>): ToolArguments {
  return Object.fromEntries(Object.entries(value).map(([name, args]) => [name, (Array.isArray(args) ? args : [args]) as Record<string, unknown>[]]));
}
