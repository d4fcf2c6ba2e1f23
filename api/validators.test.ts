// Preparing the validators while a started server boots: bounded by the boot, never waiting for
// it, and the prepared validators judge as fresh ones would.
import { describe, expect, it } from 'vitest';
import { prepareValidators, validatorsFor } from './validators.js';

describe('prepareValidators', () => {
  it('prepares the revisions asked for without waiting for the server, then judges as usual', async () => {
    // A server that never comes up: preparing still ends once every revision is prepared.
    await prepareValidators(new Promise(() => {}), ['2025-06-18', '2025-11-25']);
    const { messageValidator } = validatorsFor('2025-06-18');
    const answer = { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 's', version: '1' } } };
    expect(messageValidator.validateMessage(answer, 'server', 'initialize')).toEqual([]);
    const { serverInfo: _gone, ...withoutServerInfo } = answer.result;
    expect(messageValidator.validateMessage({ ...answer, result: withoutServerInfo }, 'server', 'initialize').map((v) => v.message)).toEqual([
      "must have required property 'serverInfo'",
    ]);
  });

  it('stops once the server is up (or failed to start)', async () => {
    await expect(prepareValidators(Promise.resolve())).resolves.toBeUndefined();
    await expect(prepareValidators(Promise.reject(new Error('no server')))).resolves.toBeUndefined();
  });
});
