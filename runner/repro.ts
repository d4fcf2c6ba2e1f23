// Builds the one command that reruns exactly one cell (scenario x revision x transport), shown
// under every failure so a user can reproduce it by copy and paste.
import type { RunConfig } from './config/index.js';
import { quoteWord } from '../wire/transports/index.js';

export interface ReproCell {
  scenarioId: string;
  revision: string;
}

export function reproCommand(config: RunConfig, cell: ReproCell): string {
  const words = ['npx', 'mcp-conform'];
  const target = config.target;
  if (target.kind === 'stdio' && !target.isDefault) {
    words.push('--server', quoteWord(target.command));
    if (target.cwd) words.push('--cwd', quoteWord(target.cwd));
    words.push(...envWords(target.env));
  }
  if (target.kind === 'http') words.push(...httpTargetWords(target));
  words.push(...config.reproExtras);
  words.push('--scenario', quoteWord(cell.scenarioId), '--revision', cell.revision);
  if (config.seed !== 1) words.push('--seed', String(config.seed));
  if (config.timeoutMs !== 5000) words.push('--timeout', String(config.timeoutMs));
  if (config.maxMessageBytes !== undefined) words.push('--max-message-bytes', String(config.maxMessageBytes));
  return withCredentialNote(words.join(' '));
}

/**
 * Names whose values look like credentials. They are never printed: the reproduce command reads
 * them from environment variables instead, so that it still works when pasted (a placeholder such
 * as `<redacted>` would be sent as the token and get a 401) and a CI log holds no secret.
 */
const SECRET_NAME = /auth|token|key|cookie|secret|session|passw/i;

/** The variable a reproduce command reads the value of the `Authorization` header or `--auth-token` from. */
const AUTH_VARIABLE = 'MCP_AUTH';

/** A word in double quotes, where `$NAME` still expands: everything else that would is escaped. */
function doubleQuoted(text: string, variable: string): string {
  return `"${text.replace(/["\\$`]/g, '\\$&')}$${variable}"`;
}

/** The variable that carries a credential header's value: MCP_AUTH for Authorization, else MCP_HEADER_<NAME>. */
function headerVariable(name: string): string {
  return name.toLowerCase() === 'authorization' ? AUTH_VARIABLE : `MCP_HEADER_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

/** `--header` for one header; a credential keeps its scheme (`Bearer`) and reads the rest from a variable. */
function headerWord(name: string, value: string): string {
  if (!SECRET_NAME.test(name)) return quoteWord(`${name}: ${value}`);
  const scheme = /^([A-Za-z][A-Za-z0-9._~+-]*) +\S/.exec(value)?.[1];
  return doubleQuoted(`${name}: ${scheme ? `${scheme} ` : ''}`, headerVariable(name));
}

/** `--env` words; a credential-like variable is passed on from the user's own environment by name. */
export function envWords(env: Record<string, string> | undefined): string[] {
  return Object.entries(env ?? {}).flatMap(([k, v]) =>
    SECRET_NAME.test(k) && /^[A-Za-z_][A-Za-z0-9_]*$/.test(k) ? ['--env', doubleQuoted(`${k}=`, k)] : ['--env', quoteWord(`${k}=${v}`)],
  );
}

/** The `--auth-token` words of a reproduce command: the token comes from MCP_AUTH. */
export function authTokenWords(): string[] {
  return ['--auth-token', `"$${AUTH_VARIABLE}"`];
}

/**
 * The command with a shell comment naming the variables it reads credentials from, so the user
 * knows to set them (the comment is harmless when pasted).
 */
export function withCredentialNote(command: string): string {
  const variables = [...new Set([...command.matchAll(/"[^"]*?\$([A-Za-z_][A-Za-z0-9_]*)"/g)].map((m) => m[1]!))];
  if (variables.length === 0) return command;
  const what = variables.map((v) => (v === AUTH_VARIABLE ? `${v} to your token` : `${v} to its value`)).join(', ');
  return `${command}  # set ${what} first (credentials are not printed)`;
}

/** The flags that name an HTTP target again (shared with the fuzzer's reproduce commands). */
export function httpTargetWords(target: Extract<RunConfig['target'], { kind: 'http' }>): string[] {
  const words: string[] = [];
  if (target.launch) {
    words.push('--server', quoteWord(target.launch.command), '--port-env', target.launch.portEnv);
    if (target.launch.cwd) words.push('--cwd', quoteWord(target.launch.cwd));
    words.push(...envWords(target.launch.env));
    if (target.legacySse) words.push('--sse-url', quoteWord(target.url));
    else if (target.url !== 'http://127.0.0.1/mcp') words.push('--url', quoteWord(target.url));
  } else words.push(target.legacySse ? '--sse-url' : '--url', quoteWord(target.url));
  for (const [name, value] of Object.entries(target.headers ?? {})) words.push('--header', headerWord(name, value));
  return words;
}
