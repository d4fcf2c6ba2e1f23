// Turns ajv's errors about a YAML file into user-facing problems: one per real defect, placed on the
// offending key or value, naming what was expected and how to fix it ("did you mean" for typos).
import type { ErrorObject } from 'ajv';
import { didYouMean } from './nearest-name.js';
import type { SourceProblem } from './source-problem.js';
import { pointerSegments, type YamlSource } from './yaml-source.js';

export interface SchemaProblemOptions {
  /** Code for structural problems (wrong type, missing key, ...). */
  code: string;
  /** Code for unknown keys (default: `code`). */
  unknownKeyCode?: string;
  /** Code for unknown `$` operators (default: `code`). */
  unknownOperatorCode?: string;
  /** Code for invalid regular expressions (default: `code`). */
  regexCode?: string;
  /** Code for a value outside an enum, chosen by pointer (e.g. tags), or undefined for `code`. */
  enumCode?: (pointer: string) => string | undefined;
  /** The root schema, to read descriptions behind local `$ref`s. */
  rootSchema: object;
  /** Names the place a pointer designates, e.g. "step 3 (`expect`)"; default: the dotted path. */
  describe?: (pointer: string) => string;
  /** Pointers whose subtree was already reported in a better way; errors there are dropped. */
  suppressed?: (pointer: string) => boolean;
}

type SchemaNode = Record<string, unknown>;

export function schemaProblems(errors: readonly ErrorObject[], source: YamlSource, options: SchemaProblemOptions): SourceProblem[] {
  const kept = relevantErrors(errors, options);
  const out: SourceProblem[] = [];
  const seen = new Set<string>();
  for (const error of kept) {
    const problem = toProblem(error, source, options);
    const key = `${problem.line}:${problem.column}:${problem.key ?? ''}:${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(problem);
  }
  return out;
}

/** Drops the noise ajv adds around the real defect: `if` markers, propertyNames wrappers, failed alternatives. */
function relevantErrors(errors: readonly ErrorObject[], options: SchemaProblemOptions): ErrorObject[] {
  const drop = new Set<number>();
  errors.forEach((error, i) => {
    if (options.suppressed?.(error.instancePath)) drop.add(i);
    if (error.keyword === 'if' || error.keyword === 'propertyNames') drop.add(i);
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf') {
      // The failed branches' errors come right before the anyOf error, under the same instance path:
      // one message about the alternatives reads better than one per branch.
      for (let j = i - 1; j >= 0 && isUnder(errors[j]!.instancePath, error.instancePath); j--) drop.add(j);
    }
  });
  return errors.filter((_, i) => !drop.has(i));
}

function isUnder(pointer: string, base: string): boolean {
  return pointer === base || pointer.startsWith(base + '/');
}

function toProblem(error: ErrorObject, source: YamlSource, options: SchemaProblemOptions): SourceProblem {
  const pointer = error.instancePath;
  const describe = options.describe ?? defaultDescribe;
  // Object-level errors (unknown or missing keys) are about the object; value-level ones about a member of it.
  const where = describe(pointer);
  const holder = describe(parentPointer(pointer));
  const params = error.params as Record<string, unknown>;
  const parent = (error.parentSchema ?? {}) as SchemaNode;
  const base = { code: options.code, file: source.file };
  const name = keyName(pointer);
  const expected = description(parent, options.rootSchema);

  // Errors raised inside `propertyNames` are about a key, not a value.
  if (error.propertyName !== undefined) {
    const key = error.propertyName;
    const at = source.locate(pointer, key);
    if (error.keyword === 'enum') {
      const allowed = (params.allowedValues as string[]) ?? [];
      const operator = key.startsWith('$');
      return {
        ...base,
        code: operator ? (options.unknownOperatorCode ?? options.code) : (options.unknownKeyCode ?? options.code),
        ...at,
        key,
        message: `Unknown ${operator ? 'operator' : 'key'} \`${key}\` in ${where}.`,
        fix: joinFix(didYouMean(key, allowed), `${operator ? 'Operators' : 'Keys'} allowed here: ${allowed.join(', ')}.`),
      };
    }
    return {
      ...base,
      ...at,
      key,
      message: `\`${key}\` is not a valid name in ${where}.`,
      fix: expected ? `Expected: ${expected}` : `Rename \`${key}\`.`,
    };
  }

  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const allowed = Object.keys((parent.properties as SchemaNode | undefined) ?? {});
      return {
        ...base,
        code: options.unknownKeyCode ?? options.code,
        ...source.locate(pointer, key),
        key,
        message: `Unknown key \`${key}\` in ${where}.`,
        fix: joinFix(didYouMean(key, allowed), allowed.length > 0 ? `Keys allowed here: ${allowed.join(', ')}.` : `Remove \`${key}\`.`),
      };
    }
    case 'required': {
      const key = String(params.missingProperty);
      const what = description(((parent.properties as SchemaNode | undefined)?.[key] ?? {}) as SchemaNode, options.rootSchema);
      return {
        ...base,
        ...source.locate(pointer),
        key,
        message: `${upperFirst(where)} is missing the required key \`${key}\`.`,
        fix: `Add \`${key}:\`${what ? ` (${lowerFirst(trimDot(what))})` : ''}.`,
      };
    }
    case 'type': {
      const wanted = String(params.type).split(',');
      return {
        ...base,
        ...source.locate(pointer),
        key: name,
        message: `\`${name}\` in ${holder} must be ${wanted.map(article).join(' or ')}, not ${describeValue(error.data)}.`,
        fix: expected ? `Expected: ${expected}` : `Write ${article(wanted[0]!)} here.`,
      };
    }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]) ?? [];
      const texts = allowed.map((v) => String(v));
      const near = typeof error.data === 'string' ? didYouMean(error.data, texts) : '';
      return {
        ...base,
        code: options.enumCode?.(pointer) ?? options.code,
        ...source.locate(pointer),
        key: name,
        message: `\`${name}: ${render(error.data)}\` is not one of the allowed values.`,
        fix: joinFix(near, `Use one of: ${texts.join(', ')}.`),
      };
    }
    case 'const':
      return {
        ...base,
        ...source.locate(pointer),
        key: name,
        message: `\`${name}\` must be ${render(params.allowedValue)}, not ${render(error.data)}.`,
        fix: expected ? `Expected: ${expected}` : `Write ${render(params.allowedValue)}.`,
      };
    case 'pattern':
      return {
        ...base,
        ...source.locate(pointer),
        key: name,
        message: `\`${name}: ${render(error.data)}\` does not have the expected form.`,
        fix: expected ? `Expected: ${expected}` : `Write a value matching ${String(params.pattern)}.`,
      };
    case 'format':
      if (params.format === 'regex') {
        return {
          ...base,
          code: options.regexCode ?? options.code,
          ...source.locate(pointer),
          key: name,
          message: `\`${name}: ${render(error.data)}\` is not a valid regular expression.`,
          fix: 'Fix the expression (JavaScript syntax, unicode mode); in double-quoted YAML write backslashes twice ("\\\\d"), or use single quotes (\'\\d\').',
        };
      }
      break;
    case 'not':
      return {
        ...base,
        ...source.locate(pointer),
        key: name,
        message: `${upperFirst(where)} is not valid: ${lowerFirst(description(error.schema as SchemaNode, options.rootSchema) || 'it has a forbidden combination of keys.')}`,
        fix: 'Keep only one of the conflicting keys.',
      };
    case 'anyOf':
    case 'oneOf':
      return {
        ...base,
        ...source.locate(pointer),
        key: name,
        message: `\`${name}: ${render(error.data)}\` in ${holder} is not valid.`,
        fix: expected ? `Expected: ${expected}` : 'Check the value against the format description.',
      };
    case 'uniqueItems':
      return {
        ...base,
        ...source.locate(pointer),
        key: name,
        message: `\`${name}\` lists the same value twice (items ${String(params.j)} and ${String(params.i)}).`,
        fix: 'Remove the duplicate.',
      };
    default:
      break;
  }
  return {
    ...base,
    ...source.locate(pointer),
    key: name,
    message: `\`${name}\` in ${holder} ${limitMessage(error)}.`,
    fix: expected ? `Expected: ${expected}` : 'Check the value against the format description.',
  };
}

function limitMessage(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  const n = Number(p.limit);
  switch (error.keyword) {
    case 'minItems':
      return n === 1 ? 'must not be empty' : `must list at least ${n} items`;
    case 'maxItems':
      return `must list at most ${n} items`;
    case 'minProperties':
      return n === 1 ? 'must not be empty' : `must have at least ${n} members`;
    case 'maxProperties':
      return n === 0 ? 'must be empty' : `must have at most ${n} member${n === 1 ? '' : 's'}`;
    case 'minLength':
      return n === 1 ? 'must not be empty' : `must be at least ${n} characters long`;
    case 'maxLength':
      return `must be at most ${n} characters long`;
    case 'minimum':
      return `must be at least ${n}, not ${render(error.data)}`;
    case 'maximum':
      return `must be at most ${n}, not ${render(error.data)}`;
    default:
      return error.message ?? 'is not valid';
  }
}

/** A schema's description, looking behind a local `$ref` when the node has none of its own. */
function description(schema: SchemaNode | undefined, root: object): string {
  let node: SchemaNode | undefined = schema;
  for (let i = 0; i < 10 && node; i++) {
    if (typeof node.description === 'string') return node.description;
    const ref = node.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/')) return '';
    node = pointerSegments(ref.slice(1)).reduce<unknown>((n, seg) => (n && typeof n === 'object' ? (n as SchemaNode)[seg] : undefined), root) as
      | SchemaNode
      | undefined;
  }
  return '';
}

/** The key an instance path ends on, with list indexes attached: `steps[2]`, `tags[0]`. */
function keyName(pointer: string): string {
  const segs = pointerSegments(pointer);
  if (segs.length === 0) return '(root)';
  const last = segs[segs.length - 1]!;
  if (/^\d+$/.test(last) && segs.length > 1) return `${segs[segs.length - 2]!}[${last}]`;
  return last;
}

function defaultDescribe(pointer: string): string {
  const segs = pointerSegments(pointer);
  if (segs.length === 0) return 'the file';
  return '`' + segs.map((s, i) => (/^\d+$/.test(s) ? `[${s}]` : (i > 0 ? '.' : '') + s)).join('') + '`';
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a map';
  if (typeof value === 'string') return `the string ${render(value)}`;
  if (typeof value === 'number') return `the number ${value}`;
  return `${typeof value} ${String(value)}`;
}

function article(type: string): string {
  switch (type) {
    case 'object':
      return 'a map';
    case 'array':
      return 'a list';
    case 'null':
      return 'null';
    case 'integer':
      return 'an integer';
    default:
      return `a ${type}`;
  }
}

function render(value: unknown): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function joinFix(...parts: string[]): string {
  return parts.filter((p) => p !== '').join(' ');
}

function trimDot(text: string): string {
  return text.replace(/\.$/, '');
}

function lowerFirst(text: string): string {
  // Keep code-like openings (`x`, "x", $x) and acronyms (MUST, JSON) as they are.
  return /^[A-Z](?=[a-z ])/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

function parentPointer(pointer: string): string {
  const at = pointer.lastIndexOf('/');
  return at <= 0 ? '' : pointer.slice(0, at);
}

function upperFirst(text: string): string {
  return text.length > 0 && /[a-z]/.test(text[0]!) ? text[0]!.toUpperCase() + text.slice(1) : text;
}
