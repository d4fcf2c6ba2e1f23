import { describe, expect, it } from 'vitest';
import { targetSpec } from './stdio-target.js';

describe('targetSpec', () => {
  it('starts the bundled reference server without NODE_EXTRA_CA_CERTS, and a server of the user with the whole environment', () => {
    const reference = targetSpec({});
    expect(reference).toMatchObject({ kind: 'stdio', isDefault: true });
    expect(reference.kind === 'stdio' && reference.unsetEnv).toContain('NODE_EXTRA_CA_CERTS');
    const own = targetSpec({ server: 'node build/server.js' });
    expect(own).toEqual({ kind: 'stdio', command: 'node build/server.js' });
  });
});
