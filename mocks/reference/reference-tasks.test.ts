// Tasks of the reference server (2025-11-25 only): a task-augmented call of `slow` is created
// working, reported by tasks/get and tasks/list, read with tasks/result, and not cancellable once done.
import { afterEach, describe, expect, it } from 'vitest';
import { isErrorResponse } from '../../wire/protocol/index.js';
import { createReferenceServer } from './index.js';
import { RELATED_TASK_KEY } from './tasks.js';
import { converse, type Conversation } from './test-conversation.js';

const open: Conversation[] = [];
afterEach(async () => {
  for (const c of open.splice(0)) {
    expect(c.problems()).toEqual([]);
    await c.close();
  }
});

async function start(revision: '2025-11-25' | '2025-06-18') {
  const c = await converse(createReferenceServer(), revision);
  open.push(c);
  return c;
}

describe('tasks at 2025-11-25', () => {
  it('runs slow as a task from creation to its result, and refuses to cancel it afterwards', async () => {
    const c = await start('2025-11-25');
    const created = await c.result('tools/call', { name: 'slow', arguments: { ms: 100, steps: 1 }, task: { ttl: 60000 } });
    const task = created.task as Record<string, unknown>;
    expect(task).toMatchObject({ status: 'working', ttl: 60000 });
    const taskId = task.taskId as string;
    expect((await c.result('tasks/get', { taskId })).taskId).toBe(taskId);
    expect(((await c.result('tasks/list', {})).tasks as { taskId: string }[]).map((t) => t.taskId)).toContain(taskId);
    const result = await c.result('tasks/result', { taskId });
    expect(result._meta).toEqual({ [RELATED_TASK_KEY]: { taskId } });
    expect(result.content).toEqual([{ type: 'text', text: 'Waited 100 ms.' }]);
    expect((await c.result('tasks/get', { taskId })).status).toBe('completed');
    const cancel = await c.request('tasks/cancel', { taskId });
    expect(isErrorResponse(cancel) && cancel.error.code).toBe(-32602);
  });

  it('refuses tasks for tools without taskSupport, and unknown task ids', async () => {
    const c = await start('2025-11-25');
    const call = await c.request('tools/call', { name: 'echo', arguments: { message: 'x' }, task: {} });
    expect(isErrorResponse(call) && call.error.code).toBe(-32601);
    const get = await c.request('tasks/get', { taskId: 'no-such-task' });
    expect(isErrorResponse(get) && get.error.code).toBe(-32602);
  });

  it('refuses a plain call of task-only, runs it as a task, and lists task-only at 2025-11-25 only', async () => {
    const c = await start('2025-11-25');
    const plain = await c.request('tools/call', { name: 'task-only', arguments: {} });
    expect(isErrorResponse(plain) && plain.error.code).toBe(-32601);
    const created = await c.result('tools/call', { name: 'task-only', arguments: {}, task: {} });
    const taskId = (created.task as { taskId: string }).taskId;
    expect((await c.result('tasks/result', { taskId })).content).toEqual([{ type: 'text', text: 'The task ran.' }]);
    const other = await start('2025-06-18');
    expect(((await other.result('tools/list', {})).tools as { name: string }[]).map((t) => t.name)).not.toContain('task-only');
  });

  it('cancels a running task for good, and refuses any tasks/list cursor (it issues none)', async () => {
    const c = await start('2025-11-25');
    const created = await c.result('tools/call', { name: 'slow', arguments: { ms: 100, steps: 1 }, task: {} });
    const taskId = (created.task as { taskId: string }).taskId;
    expect((await c.result('tasks/cancel', { taskId })).status).toBe('cancelled');
    const second = await c.result('tools/call', { name: 'slow', arguments: { ms: 100, steps: 1 }, task: {} });
    const secondId = (second.task as { taskId: string }).taskId;
    expect(secondId).not.toBe(taskId);
    await c.result('tasks/result', { taskId: secondId });
    expect((await c.result('tasks/get', { taskId })).status).toBe('cancelled');
    const list = await c.request('tasks/list', { cursor: 'never-issued' });
    expect(isErrorResponse(list) && list.error.code).toBe(-32602);
  });

  it('has no tasks at other revisions', async () => {
    const c = await start('2025-06-18');
    const get = await c.request('tasks/get', { taskId: 'x' });
    expect(isErrorResponse(get) && get.error.code).toBe(-32601);
  });
});
