// The HTTP guards of `mcp-conform mock --port` are configurable from the command line.
import { describe, expect, it } from 'vitest';
import { buildMockProgram } from './mock-command.js';

function parse(args: string[]): Record<string, unknown> {
  const program = buildMockProgram()
    .exitOverride()
    .configureOutput({ writeErr: () => undefined });
  program.parse(['node', 'mcp-conform-mock', ...args]);
  return program.opts();
}

describe('mcp-conform mock options', () => {
  it('reads the idle session bound and the request bound in milliseconds', () => {
    expect(parse(['--port', '0', '--session-idle', '500', '--request-timeout', '1000'])).toEqual({ port: 0, sessionIdle: 500, requestTimeout: 1000 });
    expect(parse(['--port', '0', '--session-idle', '0'])).toMatchObject({ sessionIdle: 0 });
  });

  it('refuses a bound that is not a whole number of milliseconds', () => {
    expect(() => parse(['--session-idle', '30m'])).toThrow(/milliseconds/);
    expect(() => parse(['--request-timeout', '-1'])).toThrow(/milliseconds/);
  });
});
