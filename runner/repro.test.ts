// The reproduce command of a target with credentials: the shell reads them from variables the
// comment names, so the pasted command sends the user's own token (not a placeholder that gets a
// 401) and no report or CI log holds a secret.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { RunConfig } from './config/index.js';
import { reproCommand } from './repro.js';

function config(target: RunConfig['target'], reproExtras: string[] = []): RunConfig {
  return { target, revisions: [], timeoutMs: 5000, concurrency: 1, strict: false, verbose: false, seed: 1, reproExtras };
}

/** The words the shell hands to the program when the command is pasted with `env` set. */
function pasted(command: string, env: Record<string, string>): string[] {
  const script = command.replace(/^npx mcp-conform /, 'printf "%s\\n" ');
  return execFileSync('sh', ['-c', script], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' })
    .trimEnd()
    .split('\n');
}

describe('reproduce command with credentials', () => {
  const cell = { scenarioId: 'tools/call-echo', revision: '2025-06-18' };

  it('reads the Authorization token from MCP_AUTH, keeps its scheme and says so', () => {
    const command = reproCommand(
      config({ kind: 'http', url: 'http://127.0.0.1:3000/mcp', headers: { Authorization: 'Bearer s3cr3t-token', 'X-Tenant': 'blue team' } }),
      cell,
    );
    expect(command).not.toContain('s3cr3t');
    expect(command).toContain('--header "Authorization: Bearer $MCP_AUTH"');
    expect(command).toMatch(/ {2}# set MCP_AUTH to your token first \(credentials are not printed\)$/);
    const words = pasted(command, { MCP_AUTH: 'my-own-token' });
    expect(words).toEqual([
      '--url',
      'http://127.0.0.1:3000/mcp',
      '--header',
      'Authorization: Bearer my-own-token',
      '--header',
      'X-Tenant: blue team',
      '--scenario',
      'tools/call-echo',
      '--revision',
      '2025-06-18',
    ]);
  });

  it('gives other credential headers and credential-like variables of the environment a variable each', () => {
    const command = reproCommand(
      config({
        kind: 'http',
        url: 'http://127.0.0.1:3000/mcp',
        headers: { 'X-Api-Key': 'k-123' },
        launch: { command: 'node s.js', portEnv: 'PORT', env: { API_TOKEN: 't-456', MODE: 'test' } },
      }),
      cell,
    );
    expect(command).not.toMatch(/k-123|t-456/);
    expect(command).toContain('# set API_TOKEN to its value, MCP_HEADER_X_API_KEY to its value first');
    const words = pasted(command, { API_TOKEN: 'mine', MCP_HEADER_X_API_KEY: 'my-key' });
    expect(words).toContain('API_TOKEN=mine');
    expect(words).toContain('MODE=test');
    expect(words).toContain('X-Api-Key: my-key');
  });

  it('passes --auth-token from MCP_AUTH', () => {
    const command = reproCommand(config({ kind: 'http', url: 'http://127.0.0.1:3000/mcp' }, ['--auth-token', '"$MCP_AUTH"']), cell);
    expect(pasted(command, { MCP_AUTH: 'tok' }).slice(2, 4)).toEqual(['--auth-token', 'tok']);
    expect(command).toContain('# set MCP_AUTH to your token first');
  });

  it('adds no comment when there is no credential', () => {
    const command = reproCommand(config({ kind: 'http', url: 'http://127.0.0.1:3000/mcp', headers: { 'X-Tenant': 'blue' } }), cell);
    expect(command).toBe("npx mcp-conform --url http://127.0.0.1:3000/mcp --header 'X-Tenant: blue' --scenario tools/call-echo --revision 2025-06-18");
  });
});
