// Parsers for flag values: each rejects a bad value with a message that names the flag and the fix.
import { InvalidArgumentError } from 'commander';
import { REVISIONS, isRevision, type Revision } from '../schema/revisions.js';
import { TOOL_SCOPES, type ToolScope } from '../runner/config/index.js';

export function parsePositiveInt(name: string, min = 1) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`${name} takes a whole number >= ${min}, got "${value}".`);
    return n;
  };
}

const BYTE_UNITS: Record<string, number> = { '': 1, k: 1024, kib: 1024, m: 1024 * 1024, mib: 1024 * 1024 };

/** A size in bytes: a whole number, or with a binary unit (`512KiB`, `128MiB`, `128M`), within [min, max]. */
export function parseByteSize(name: string, min: number, max: number) {
  return (value: string): number => {
    const m = /^\s*(\d+)\s*([a-z]*)\s*$/i.exec(value);
    const unit = m ? BYTE_UNITS[m[2]!.toLowerCase()] : undefined;
    const n = m && unit !== undefined ? Number(m[1]) * unit : Number.NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max)
      throw new InvalidArgumentError(`${name} takes a size from ${min} bytes to ${max / (1024 * 1024)}MiB (e.g. 134217728 or 128MiB), got "${value}".`);
    return n;
  };
}

export function collect<T>(parse: (v: string) => T) {
  return (value: string, previous: T[] | undefined): T[] => [...(previous ?? []), parse(value)];
}

export function parseRevision(value: string): Revision {
  if (!isRevision(value)) {
    const near = REVISIONS.find((r) => r.slice(0, 7) === value.slice(0, 7));
    throw new InvalidArgumentError(`"${value}" is not a known MCP revision.${near ? ` Did you mean ${near}?` : ''} Known: ${REVISIONS.join(', ')}.`);
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

/** `--header "Name: value"`: a token68 header name, a colon, and the value (may be empty). */
export function parseHeader(value: string): [string, string] {
  const colon = value.indexOf(':');
  const name = colon === -1 ? '' : value.slice(0, colon).trim();
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
    throw new InvalidArgumentError(`--header takes "Name: value", got "${value}". Example: --header "Authorization: Bearer TOKEN".`);
  }
  return [name, value.slice(colon + 1).trim()];
}

/** `--port-env NAME`: an environment variable name. */
export function parseEnvName(value: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(value)) throw new InvalidArgumentError(`--port-env takes an environment variable name such as PORT, got "${value}".`);
  return value;
}

/** A JSON object given on the command line, e.g. --client-capabilities '{"sampling":{}}'. */
export function parseJsonObject(name: string) {
  return (value: string): Record<string, unknown> => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch (err) {
      throw new InvalidArgumentError(
        `${name} takes a JSON object, and "${value}" is not JSON (${(err as Error).message}). Quote it for your shell, e.g. ${name} '{"sampling":{}}'.`,
      );
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new InvalidArgumentError(`${name} takes a JSON object, e.g. '{"sampling":{}}'; got ${value}.`);
    return parsed as Record<string, unknown>;
  };
}

/** `--tools declared-safe|all`: which of the target's tools the run may call. */
export function parseToolScope(value: string): ToolScope {
  if (!(TOOL_SCOPES as readonly string[]).includes(value)) {
    throw new InvalidArgumentError(
      `--tools takes ${TOOL_SCOPES.join(' or ')}, got "${value}". Use --tools all only on a test instance: every tool may then be called.`,
    );
  }
  return value as ToolScope;
}

/** `--tool NAME` (repeatable, or a comma list): the names, in the order given. */
export function collectToolNames(value: string, previous: string[] | undefined): string[] {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) throw new InvalidArgumentError(`--tool takes a tool name (or a comma list of them), got "${value}".`);
  return [...(previous ?? []), ...names];
}
