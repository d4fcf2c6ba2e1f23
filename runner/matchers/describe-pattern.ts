// One-line, human descriptions of patterns ("a string matching /^v\d/", "{ tools: an array }"),
// used as the "expected" side of failures and in skip reasons.
import { isPlainObject, renderValue } from './json-values.js';

const MAX = 200;

export function describePattern(pattern: unknown): string {
  const text = describe(pattern);
  return text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text;
}

function describe(pattern: unknown): string {
  if (pattern === undefined) return 'anything';
  if (Array.isArray(pattern)) return `[${pattern.map(describe).join(', ')}]`;
  if (!isPlainObject(pattern)) return renderValue(pattern);
  const keys = Object.keys(pattern);
  const ops = keys.filter((k) => k.startsWith('$')).map((k) => describeOperator(k, pattern[k]));
  const members = keys.filter((k) => !k.startsWith('$'));
  const parts = [...ops];
  if (members.length > 0 || ops.length === 0) {
    parts.unshift(members.length === 0 ? 'an object' : `{ ${members.map((k) => `${k}: ${describe(pattern[k])}`).join(', ')} }`);
  }
  return parts.join(' and ');
}

function describeOperator(op: string, operand: unknown): string {
  switch (op) {
    case '$type': {
      const types = Array.isArray(operand) ? operand.map(String) : [String(operand)];
      return types.map(typeName).join(' or ');
    }
    case '$regex':
      return `a string matching /${String(operand)}/`;
    case '$base64':
      return 'a base64 string';
    case '$oneOf':
      return Array.isArray(operand) ? `one of (${operand.map(describe).join(' | ')})` : 'one of (?)';
    case '$any':
      return operand === false ? 'absent' : 'any value';
    case '$absent':
      return operand === false ? 'present' : 'absent';
    case '$eq':
      return `equal to ${renderValue(operand, 80)}`;
    case '$ne':
      return `not ${renderValue(operand, 80)}`;
    case '$in':
      return Array.isArray(operand) ? `one of ${operand.map((v) => renderValue(v, 40)).join(', ')}` : `one of ${describeListSource(operand)}`;
    case '$mentions':
      return Array.isArray(operand) ? `a value naming ${operand.map(String).join(', ')}` : `a value naming each of ${describeListSource(operand)}`;
    case '$containsAll':
      return Array.isArray(operand)
        ? `an array containing each of ${operand.map((v) => renderValue(v, 40)).join(', ')}`
        : `an array containing each of ${describeListSource(operand)}`;
    case '$not':
      return `not (${describe(operand)})`;
    case '$schema':
      return `a valid ${String(operand)}`;
    case '$validAgainst':
      return `valid against ${describeSchemaSource(operand)}`;
    case '$jsonSchema':
      return 'a valid JSON Schema of its dialect';
    case '$values':
      return `an object whose values are ${describe(operand)}`;
    case '$keys':
      return `an object whose member names are ${describe(operand)}`;
    case '$each':
      return `an array where every element is ${describe(operand)}`;
    case '$contains':
      return `an array containing ${describe(operand)}`;
    case '$length':
      return `length ${String(operand)}`;
    case '$minLength':
      return `length ≥ ${String(operand)}`;
    case '$maxLength':
      return `length ≤ ${String(operand)}`;
    case '$gt':
      return `> ${String(operand)}`;
    case '$gte':
      return `≥ ${String(operand)}`;
    case '$lt':
      return `< ${String(operand)}`;
    case '$lte':
      return `≤ ${String(operand)}`;
    case '$unique':
      return typeof operand === 'string' ? `elements with distinct \`${operand}\`` : 'distinct elements';
    case '$minProperties':
      return `at least ${String(operand)} member${operand === 1 ? '' : 's'}`;
    case '$increasing':
      return typeof operand === 'string' ? `elements whose \`${operand}\` strictly increases` : 'strictly increasing numbers';
    case '$var':
      return `the value of \`${String(operand)}\``;
    default:
      return `${op} ${renderValue(operand, 40)} (unknown operator)`;
  }
}

function describeSchemaSource(operand: unknown): string {
  if (isPlainObject(operand) && typeof operand.$var === 'string' && Object.keys(operand).length === 1) return `the schema in \`${operand.$var}\``;
  return `the schema ${renderValue(operand, 80)}`;
}

function typeName(type: string): string {
  switch (type) {
    case 'array':
      return 'an array';
    case 'object':
      return 'an object';
    case 'integer':
      return 'an integer';
    case 'null':
      return 'null';
    default:
      return `a ${type}`;
  }
}

function describeListSource(operand: unknown): string {
  return isPlainObject(operand) && typeof operand.$var === 'string' ? `\`${operand.$var}\`` : renderValue(operand, 40);
}
