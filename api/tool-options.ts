// The options that choose which of the target's tools a run calls (`tools`, `preferTools`,
// `toolArgs`: the CLI's --tools, --tool, --tool-args), checked and turned into the engine's
// ToolChoice; and the reproduce words that carry them, so a reproduce command calls the same tools.
import { resolve } from 'node:path';
import { SourceProblemsError } from '../schema/scenario/index.js';
import { checkToolArguments, DEFAULT_TOOL_CHOICE, loadToolArguments, TOOL_SCOPES, type ToolArguments, type ToolChoice } from '../runner/config/index.js';
import { quoteWord } from '../wire/transports/index.js';
import type { ToolSelection } from './conformance-options.js';
import { ConformanceOptionsError } from './options-error.js';

export function toolChoiceOf(options: ToolSelection): ToolChoice {
  const scope = options.tools ?? DEFAULT_TOOL_CHOICE.scope;
  if (!TOOL_SCOPES.includes(scope)) {
    throw new ConformanceOptionsError(`\`tools\` takes ${TOOL_SCOPES.map((s) => `"${s}"`).join(' or ')}, got ${JSON.stringify(scope)}.`);
  }
  const preferred = options.preferTools ?? [];
  if (!Array.isArray(preferred) || preferred.some((name) => typeof name !== 'string' || name === '')) {
    throw new ConformanceOptionsError('`preferTools` takes a list of tool names.', 'Pass e.g. `preferTools: ["search"]` (--tool search).');
  }
  return { scope, preferred, arguments: toolArgumentsOf(options.toolArgs) };
}

function toolArgumentsOf(given: ToolSelection['toolArgs']): ToolArguments {
  if (given === undefined) return {};
  if (typeof given === 'string') {
    try {
      return loadToolArguments(resolve(given));
    } catch (err) {
      if (err instanceof SourceProblemsError) throw new ConformanceOptionsError(err.message);
      throw err;
    }
  }
  const checked = checkToolArguments(given);
  if (!Array.isArray(checked)) return checked;
  throw new ConformanceOptionsError(checked.map((p) => p.message).join(' '), checked[0]?.fix);
}

/** The flags that give a reproduce command the same tool choice. */
export function toolChoiceWords(options: ToolSelection): string[] {
  return [
    ...(options.tools === 'all' ? ['--tools', 'all'] : []),
    ...(options.preferTools ?? []).flatMap((name) => ['--tool', quoteWord(name)]),
    ...(typeof options.toolArgs === 'string' ? ['--tool-args', quoteWord(options.toolArgs)] : []),
  ];
}

/** The same options as code, for the reproduce line of an in-memory run (`, tools: "all"` …). */
export function toolChoiceCode(options: ToolSelection): string {
  const parts = [
    ...(options.tools === 'all' ? ['tools: "all"'] : []),
    ...(options.preferTools?.length ? [`preferTools: ${JSON.stringify(options.preferTools)}`] : []),
    ...(options.toolArgs !== undefined ? [`toolArgs: ${JSON.stringify(options.toolArgs)}`] : []),
  ];
  return parts.map((part) => `, ${part}`).join('');
}
