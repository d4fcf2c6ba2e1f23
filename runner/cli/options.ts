// Parsers for flag values: each rejects a bad value with a message that names the flag and the fix.
import { InvalidArgumentError } from 'commander';
import { REVISIONS, isRevision, type Revision } from '../../schema/revisions.js';

export function parsePositiveInt(name: string, min = 1) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`${name} takes a whole number >= ${min}, got "${value}".`);
    return n;
  };
}

export function collect<T>(parse: (v: string) => T) {
  return (value: string, previous: T[] | undefined): T[] => [...(previous ?? []), parse(value)];
}

export function parseRevision(value: string): Revision {
  if (!isRevision(value)) {
    const near = REVISIONS.find((r) => r.slice(0, 7) === value.slice(0, 7));
    throw new InvalidArgumentError(
      `"${value}" is not a known MCP revision.${near ? ` Did you mean ${near}?` : ''} Known: ${REVISIONS.join(', ')}.`,
    );
  }
  return value;
}

export function parseEnv(value: string): [string, string] {
  const eq = value.indexOf('=');
  if (eq <= 0) throw new InvalidArgumentError(`--env takes KEY=VALUE, got "${value}".`);
  return [value.slice(0, eq), value.slice(eq + 1)];
}

export interface ReportSpec {
  format: string;
  path?: string;
}

export function parseReport(formats: readonly string[]) {
  return (value: string): ReportSpec => {
    const eq = value.indexOf('=');
    const format = eq === -1 ? value : value.slice(0, eq);
    const path = eq === -1 ? undefined : value.slice(eq + 1);
    if (!formats.includes(format)) {
      throw new InvalidArgumentError(`"${format}" is not a report format. Use one of: ${formats.join(', ')} (optionally FORMAT=PATH).`);
    }
    if (path === '') throw new InvalidArgumentError(`--report ${format}= needs a path after "=".`);
    return path ? { format, path } : { format };
  };
}
