// The tasks extension of the reference server (2026-07-28): offered in capabilities.extensions; a
// declaring request's call of `slow` becomes a task that tasks/get reports with its result inlined;
// tasks/update and tasks/cancel acknowledge; a request that does not declare it gets no task and -32021.
import { afterEach, describe, expect, it } from 'vitest';
import { isErrorResponse } from '../../wire/protocol/index.js';
import { TASKS_EXTENSION } from '../core/index.js';
import { createReferenceServer } from './index.js';
import { converse, type Conversation } from './test-conversation.js';

const open: Conversation[] = [];
afterEach(async () => {
  for (const c of open.splice(0)) {
    expect(c.problems()).toEqual([]);
    await c.close();
  }
});

const DECLARING = { extensions: { [TASKS_EXTENSION]: {} } };

async function start(server = createReferenceServer(), capabilities: Record<string, unknown> = DECLARING) {
  const c = await converse(server, '2026-07-28', { capabilities });
  open.push(c);
  return c;
}

/** Polls tasks/get until the task leaves working, a bounded number of times (the task's interval apart). */
async function settle(c: Conversation, taskId: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 100; i++) {
    const task = await c.result('tasks/get', { taskId });
    if (task.status !== 'working') return task;
    await new Promise((resolve) => setTimeout(resolve, task.pollIntervalMs as number));
  }
  throw new Error(`task ${taskId} still working after 100 polls`);
}

describe('the tasks extension at 2026-07-28', () => {
  it('is offered in capabilities.extensions, and not at 2025-11-25', async () => {
    const c = await start();
    expect(((await c.result('server/discover', {})).capabilities as Record<string, unknown>).extensions).toEqual({ [TASKS_EXTENSION]: {} });
    const legacy = await converse(createReferenceServer(), '2025-11-25', { handshake: false });
    open.push(legacy);
    const init = await legacy.result('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } });
    expect((init.capabilities as Record<string, unknown>).extensions).toBeUndefined();
  });

  it('runs slow as a task for a declaring request, reported until completed with the tool result inlined', async () => {
    const c = await start();
    const created = await c.result('tools/call', { name: 'slow', arguments: { ms: 100, steps: 1 } });
    expect(created).toMatchObject({ resultType: 'task', status: 'working', ttlMs: expect.any(Number), pollIntervalMs: expect.any(Number) });
    const taskId = created.taskId as string;
    const done = await settle(c, taskId);
    expect(done).toMatchObject({ resultType: 'complete', taskId, status: 'completed', result: { content: [{ type: 'text', text: 'Waited 100 ms.' }] } });
    expect((await c.result('tasks/get', { taskId })).status).toBe('completed');
    expect(await c.result('tasks/cancel', { taskId })).toMatchObject({ resultType: 'complete' });
    expect((await c.result('tasks/get', { taskId })).status).toBe('completed');
  });

  it('acknowledges tasks/update and tasks/cancel with empty results, and a cancelled task stays cancelled', async () => {
    const c = await start();
    const taskId = (await c.result('tools/call', { name: 'slow', arguments: { ms: 100, steps: 1 } })).taskId as string;
    const update = await c.result('tasks/update', { taskId, inputResponses: {} });
    expect(Object.keys(update).filter((k) => k !== '_meta')).toEqual(['resultType']);
    const cancel = await c.result('tasks/cancel', { taskId });
    expect(Object.keys(cancel).filter((k) => k !== '_meta')).toEqual(['resultType']);
    expect(await settle(c, taskId)).toMatchObject({ status: 'cancelled' });
    // A later call of the same length has ended when this one answers: the cancelled task's work ended too.
    await settle(c, (await c.result('tools/call', { name: 'slow', arguments: { ms: 100, steps: 1 } })).taskId as string);
    expect(await c.result('tasks/get', { taskId })).not.toHaveProperty('result');
  });

  it('waits in input_required for a client-asking tool until tasks/update answers, then completes with the answer', async () => {
    const c = await start(createReferenceServer(), { ...DECLARING, elicitation: { form: {} } });
    const taskId = (await c.result('tools/call', { name: 'elicit', arguments: {} })).taskId as string;
    const waiting = await settle(c, taskId);
    expect(waiting).toMatchObject({ status: 'input_required', inputRequests: { '1-elicit': { method: 'elicitation/create' } } });
    // A key the task never issued is ignored; the outstanding one resumes the work.
    expect(await c.result('tasks/update', { taskId, inputResponses: { 'no-such-key': {} } })).toMatchObject({ resultType: 'complete' });
    expect((await c.result('tasks/get', { taskId })).status).toBe('input_required');
    await c.result('tasks/update', { taskId, inputResponses: { '1-elicit': { action: 'accept', content: { name: 'Ada' } } } });
    expect(await settle(c, taskId)).toMatchObject({ status: 'completed', result: { content: [{ type: 'text', text: 'Hello, Ada!' }] } });
  });

  it('asks elicit-rounds in two rounds with keys unique over the task, and waits for every answer of a round', async () => {
    const c = await start(createReferenceServer(), { ...DECLARING, elicitation: { form: {} } });
    const taskId = (await c.result('tools/call', { name: 'elicit-rounds', arguments: {} })).taskId as string;
    const first = await settle(c, taskId);
    expect(Object.keys(first.inputRequests as object)).toEqual(['1-name', '1-city']);
    // A partial answer is taken; the task stays input_required with the rest.
    const accept = { action: 'accept', content: { name: 'Ada', city: 'Paris', confirm: 'yes' } };
    expect(await c.result('tasks/update', { taskId, inputResponses: { '1-name': accept } })).toMatchObject({ resultType: 'complete' });
    expect(await c.result('tasks/get', { taskId })).toMatchObject({ status: 'input_required', inputRequests: { '1-city': {} } });
    await c.result('tasks/update', { taskId, inputResponses: { '1-city': accept } });
    const second = await settle(c, taskId);
    expect(Object.keys(second.inputRequests as object)).toEqual(['2-confirm']);
    await c.result('tasks/update', { taskId, inputResponses: { '2-confirm': accept } });
    expect(await settle(c, taskId)).toMatchObject({ status: 'completed', result: { content: [{ type: 'text' }] } });
  });

  it('pushes notifications/tasks with the whole task to a listen stream that lists it, and only for listed tasks', async () => {
    const c = await start(createReferenceServer(), { ...DECLARING, elicitation: { form: {} } });
    const listed = (await c.result('tools/call', { name: 'elicit', arguments: {} })).taskId as string;
    const other = (await c.result('tools/call', { name: 'elicit', arguments: {} })).taskId as string;
    await settle(c, listed);
    await settle(c, other);
    await c.send('subscriptions/listen', { notifications: { taskIds: [listed, 'no-such-task'] } }, { id: 'listen-tasks' });
    expect(await c.waitUntil(() => c.notifications('notifications/subscriptions/acknowledged').length === 1)).toBe(true);
    expect(c.notifications('notifications/subscriptions/acknowledged')[0]).toMatchObject({ params: { notifications: { taskIds: [listed] } } });
    const answer = { action: 'accept', content: { name: 'Ada' } };
    await c.result('tasks/update', { taskId: other, inputResponses: { '1-elicit': answer } });
    await c.result('tasks/update', { taskId: listed, inputResponses: { '1-elicit': answer } });
    await settle(c, listed);
    const pushed = () => c.notifications('notifications/tasks').map((n) => n.params as Record<string, unknown>);
    expect(await c.waitUntil(() => pushed().some((n) => n.status === 'completed'))).toBe(true);
    expect(pushed().every((n) => n.taskId === listed)).toBe(true);
    expect(pushed().at(-1)).toMatchObject({
      status: 'completed',
      createdAt: expect.any(String),
      ttlMs: expect.any(Number),
      result: { content: [{ type: 'text', text: 'Hello, Ada!' }] },
      _meta: { 'io.modelcontextprotocol/subscriptionId': 'listen-tasks' },
    });
  });

  it('refuses task status notifications on subscriptions/listen to a request that does not declare the extension', async () => {
    const plain = await start(createReferenceServer(), {});
    const listen = await plain.request('subscriptions/listen', { notifications: { taskIds: ['any'] } });
    expect(isErrorResponse(listen) && listen.error.code).toBe(-32021);
  });

  it('answers unknown task ids with -32602, and tasks/result and tasks/list are gone', async () => {
    const c = await start();
    for (const method of ['tasks/get', 'tasks/update', 'tasks/cancel']) {
      const response = await c.request(method, { taskId: 'no-such-task', inputResponses: {} });
      expect(isErrorResponse(response) && response.error.code).toBe(-32602);
    }
    for (const method of ['tasks/result', 'tasks/list']) {
      const response = await c.request(method, { taskId: 'x' });
      expect(isErrorResponse(response) && response.error.code).toBe(-32601);
    }
  });

  it('makes no task for a request that does not declare the extension, and refuses it tasks/* with -32021', async () => {
    const server = createReferenceServer();
    const declaring = await start(server);
    const taskId = (await declaring.result('tools/call', { name: 'slow', arguments: { ms: 100, steps: 1 } })).taskId as string;
    const plain = await start(server, {});
    expect((await plain.result('tools/call', { name: 'slow', arguments: { ms: 100, steps: 1 } })).resultType).toBe('complete');
    for (const method of ['tasks/get', 'tasks/update', 'tasks/cancel']) {
      const response = await plain.request(method, { taskId, inputResponses: {} });
      expect(isErrorResponse(response) && response.error).toMatchObject({
        code: -32021,
        data: { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
      });
    }
  });
});
