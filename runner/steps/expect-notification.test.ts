// `expectNotification` with `orSkip`: a notification nothing can provoke that never came leaves
// nothing to judge (skipped with the reason); one of the method with the wrong params still fails.
import { describe, expect, it } from 'vitest';
import { stepContext } from './test-step-context.js';
import type { ExpectNotificationStep, ExpectServerRequestStep } from '../suite-loader/types.js';
import type { StepContext } from './context.js';
import { runExpectNotification } from './expect-notification.js';

function context(notifications: { seq: number; message: { method: string; params?: unknown } }[], closed?: { reason: string }): StepContext {
  return stepContext({
    scenario: { id: 'resources/example', rules: ['resources.updated.subscribed-only'] },
    session: { notifications, serverRequests: [], closed, lastSeq: 10, waitUntil: async (check: () => boolean) => check() },
    level: 'SHOULD',
    timeoutMs: 50,
  });
}

const step: ExpectNotificationStep = {
  kind: 'expectNotification',
  path: '0',
  sourceLine: 1,
  method: 'notifications/resources/updated',
  params: { uri: 'x://a' },
  orSkip: 'nothing makes this server change a resource',
};

describe('expectNotification with orSkip', () => {
  it('skips with the reason when no notification of the method arrived', async () => {
    const ctx = context([{ seq: 1, message: { method: 'notifications/message', params: {} } }]);
    await runExpectNotification(ctx, step);
    expect(ctx.checks).toMatchObject([{ status: 'skipped' }]);
    expect(ctx.checks[0]!.message).toContain('nothing makes this server change a resource');
  });

  it('judges one of the method whose params do not match, graded by the rule level', async () => {
    const ctx = context([{ seq: 1, message: { method: 'notifications/resources/updated', params: { uri: 'x://b' } } }]);
    await runExpectNotification(ctx, step);
    expect(ctx.checks).toMatchObject([{ status: 'warning' }]);
  });

  it('passes and captures when a matching one arrived', async () => {
    const ctx = context([{ seq: 1, message: { method: 'notifications/resources/updated', params: { uri: 'x://a' } } }]);
    await runExpectNotification(ctx, { ...step, capture: { got: '/params/uri' } });
    expect(ctx.checks).toMatchObject([{ status: 'passed' }]);
    expect(ctx.vars.got).toBe('x://a');
  });

  it('is errored, not skipped, when the target went away', async () => {
    const ctx = context([], { reason: 'the target exited' });
    await runExpectNotification(ctx, step);
    expect(ctx.checks).toMatchObject([{ status: 'errored' }]);
  });

  it('fails as before without orSkip', async () => {
    const ctx = context([]);
    await runExpectNotification(ctx, { ...step, orSkip: undefined });
    expect(ctx.checks).toMatchObject([{ status: 'warning' }]);
  });
});

describe('expectServerRequest with orSkip', () => {
  const ask: ExpectServerRequestStep = {
    kind: 'expectServerRequest',
    path: '1',
    sourceLine: 2,
    method: 'sampling/createMessage',
    params: { maxTokens: { $type: 'integer' } },
    orSkip: 'the tool did not ask',
  };
  /** A context whose session holds these server requests, and a labelled call answered or not. */
  function asked(serverRequests: { seq: number; message: { method: string; params?: unknown } }[], callAnswered: boolean): StepContext {
    const ctx = context([]);
    (ctx.session as unknown as { serverRequests: unknown }).serverRequests = serverRequests;
    ctx.labels.set('call', {
      id: 1,
      method: 'tools/call',
      sentSeq: 1,
      ...(callAnswered ? { response: { jsonrpc: '2.0', id: 1, result: {} }, responseSeq: 2 } : {}),
    });
    return ctx;
  }

  it('skips once the call was answered without the server asking (a tool that failed first)', async () => {
    const ctx = asked([], true);
    await runExpectNotification(ctx, ask);
    expect(ctx.checks).toMatchObject([{ status: 'skipped' }]);
    expect(ctx.checks[0]!.message).toContain("before the scenario's requests were answered: the tool did not ask");
  });

  it('still judges a request of the method that arrived with the wrong params', async () => {
    const ctx = asked([{ seq: 2, message: { method: 'sampling/createMessage', params: { messages: [] } } }], true);
    await runExpectNotification(ctx, ask);
    expect(ctx.checks).toMatchObject([{ status: 'warning' }]);
  });
});
