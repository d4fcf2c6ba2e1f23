// completion/complete for the reference server: values for prompt arguments and for resource
// template variables, filtered by the typed prefix, at most 100 per answer as the schema allows.
import { ProtocolError } from '../core/index.js';
import { findPrompt } from './prompts.js';
import { findTemplate } from './resources.js';

const MAX_VALUES = 100;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function complete(params: Record<string, unknown>): Record<string, unknown> {
  const { ref, argument } = params;
  if (!isObject(ref) || typeof ref.type !== 'string') throw new ProtocolError(-32602, 'Invalid params: completion/complete needs a ref with a type');
  if (!isObject(argument) || typeof argument.name !== 'string' || typeof argument.value !== 'string') {
    throw new ProtocolError(-32602, 'Invalid params: completion/complete needs an argument with a string name and value');
  }
  let values: string[];
  if (ref.type === 'ref/prompt') {
    const prompt = findPrompt(ref.name);
    if (!prompt) throw new ProtocolError(-32602, `Invalid params: unknown prompt ${JSON.stringify(ref.name)}`);
    values = prompt.arguments.find((a) => a.name === argument.name)?.complete?.(argument.value) ?? [];
  } else if (ref.type === 'ref/resource') {
    const template = typeof ref.uri === 'string' ? findTemplate(ref.uri) : undefined;
    if (!template) throw new ProtocolError(-32602, `Invalid params: no resource template ${JSON.stringify(ref.uri)}`);
    values = template.variable === argument.name ? (template.complete?.(argument.value) ?? []) : [];
  } else {
    throw new ProtocolError(-32602, `Invalid params: unknown reference type ${JSON.stringify(ref.type)}`);
  }
  return { completion: { values: values.slice(0, MAX_VALUES), total: values.length, hasMore: values.length > MAX_VALUES } };
}
