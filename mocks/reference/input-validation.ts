// Checks tool arguments against the reference tools' own input schemas. Only the JSON Schema
// keywords those schemas use are supported, which keeps startup free of a full validator.

export interface SchemaNode {
  type?: 'object' | 'string' | 'number' | 'integer' | 'boolean' | 'array';
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  enum?: readonly unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  [keyword: string]: unknown;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function matchesType(type: NonNullable<SchemaNode['type']>, value: unknown): boolean {
  switch (type) {
    case 'object':
      return typeOf(value) === 'object';
    case 'array':
      return Array.isArray(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    default:
      return typeof value === type;
  }
}

/** Returns the first few problems found, each naming the JSON path, or [] when the value is valid. */
export function validateArguments(schema: SchemaNode, value: unknown, path = 'arguments'): string[] {
  const problems: string[] = [];
  if (schema.type && !matchesType(schema.type, value)) {
    return [
      `${path} must be ${schema.type === 'integer' || schema.type === 'array' || schema.type === 'object' ? 'an' : 'a'} ${schema.type}, not ${typeOf(value)}`,
    ];
  }
  if (schema.enum && !schema.enum.some((v) => v === value)) problems.push(`${path} must be one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) problems.push(`${path} must be at least ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) problems.push(`${path} must be at most ${schema.maximum}`);
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (schema.minLength !== undefined && length < schema.minLength) problems.push(`${path} must have at least ${schema.minLength} characters`);
    if (schema.maxLength !== undefined && length > schema.maxLength) problems.push(`${path} must have at most ${schema.maxLength} characters`);
  }
  if (Array.isArray(value) && schema.items) {
    value.forEach((element, i) => problems.push(...validateArguments(schema.items!, element, `${path}[${i}]`)));
  }
  if (typeOf(value) === 'object') {
    const object = value as Record<string, unknown>;
    for (const name of schema.required ?? []) if (!(name in object)) problems.push(`${path}.${name} is required`);
    for (const [name, sub] of Object.entries(schema.properties ?? {})) {
      if (name in object) problems.push(...validateArguments(sub, object[name], `${path}.${name}`));
    }
  }
  return problems.slice(0, 5);
}
