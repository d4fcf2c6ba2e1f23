// Flag combinations for HTTP targets: what becomes an `http` target, and which mistakes are usage
// errors that name the fix.
import { describe, expect, it } from 'vitest';
import { httpTargetSpec } from './http-target.js';
import { NO_FLAGS } from './test-cli-options.js';
import { UsageError } from './usage-error.js';

const base = NO_FLAGS;

describe('httpTargetSpec', () => {
  it('is undefined for stdio targets', () => {
    expect(httpTargetSpec({ ...base, server: 'node s.js' })).toBeUndefined();
  });

  it('takes --url with headers', () => {
    expect(httpTargetSpec({ ...base, url: 'http://127.0.0.1:3000/mcp', header: [['Authorization', 'Bearer x']] })).toEqual({
      kind: 'http',
      url: 'http://127.0.0.1:3000/mcp',
      headers: { Authorization: 'Bearer x' },
    });
  });

  it('takes --server with --port-env, defaulting the URL to /mcp on loopback', () => {
    expect(httpTargetSpec({ ...base, server: 'node h.js', portEnv: 'PORT', env: [['A', 'b']] })).toEqual({
      kind: 'http',
      url: 'http://127.0.0.1/mcp',
      launch: { command: 'node h.js', portEnv: 'PORT', env: { A: 'b' } },
    });
  });

  it('takes --sse-url as a legacy HTTP+SSE target, alone or with a started server', () => {
    expect(httpTargetSpec({ ...base, sseUrl: 'http://127.0.0.1:3000/sse' })).toEqual({ kind: 'http', url: 'http://127.0.0.1:3000/sse', legacySse: true });
    expect(httpTargetSpec({ ...base, server: 'node h.js', portEnv: 'PORT', sseUrl: 'http://127.0.0.1/sse' })).toMatchObject({
      legacySse: true,
      launch: { portEnv: 'PORT' },
    });
  });

  it.each([
    [{ header: [['X', 'y']] as [string, string][] }, /--header applies to HTTP targets/],
    [{ portEnv: 'PORT' }, /--port-env needs --server/],
    [{ url: 'http://127.0.0.1:1/mcp', server: 'node h.js' }, /--server with --url needs --port-env/],
    [{ url: 'not a url' }, /is not a URL/],
    [{ url: 'ftp://127.0.0.1/mcp' }, /is not an http\(s\) URL/],
    [{ url: 'http://127.0.0.1:1/mcp', cwd: '/x' }, /--cwd and --env apply to --server/],
  ])('rejects %o', (flags, message) => {
    const attempt = () => httpTargetSpec({ ...base, ...flags });
    expect(attempt).toThrow(UsageError);
    expect(attempt).toThrow(message);
  });
});
