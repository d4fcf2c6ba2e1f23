// Tasks of the 2025-11-25 revision (basic/utilities/tasks): a task-augmented tools/call answers at
// once with the task, runs the tool in the background, and tasks/get, tasks/result, tasks/list and
// tasks/cancel report on it. Tasks live as long as the server; ttl is only reported.
import { ProtocolError } from '../core/index.js';

export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

interface TaskRecord {
  task: { taskId: string; status: TaskStatus; createdAt: string; lastUpdatedAt: string; ttl: number | null; pollInterval: number; statusMessage?: string };
  /** The tools/call result, or the JSON-RPC error it would have been. */
  outcome?: { result: Record<string, unknown> } | { error: ProtocolError };
  waiters: (() => void)[];
}

const TERMINAL: readonly TaskStatus[] = ['completed', 'failed', 'cancelled'];
export const RELATED_TASK_KEY = 'io.modelcontextprotocol/related-task';
const DEFAULT_TTL_MS = 300_000;
const POLL_INTERVAL_MS = 100;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class TaskStore {
  private readonly tasks = new Map<string, TaskRecord>();
  private seq = 0;

  /** Starts a task around `work` and returns the CreateTaskResult. */
  create(params: Record<string, unknown>, work: () => Promise<Record<string, unknown>>): Record<string, unknown> {
    const now = new Date().toISOString();
    const requested = isObject(params.task) && typeof params.task.ttl === 'number' ? params.task.ttl : DEFAULT_TTL_MS;
    // A random part makes ids unguessable: the reference server cannot bind tasks to an identity.
    const taskId = `task-${++this.seq}-${Math.random().toString(36).slice(2, 10)}`;
    const record: TaskRecord = {
      task: { taskId, status: 'working', createdAt: now, lastUpdatedAt: now, ttl: requested, pollInterval: POLL_INTERVAL_MS },
      waiters: [],
    };
    this.tasks.set(taskId, record);
    work().then(
      (result) => this.finish(record, result.isError === true ? 'failed' : 'completed', { result }),
      (err: unknown) =>
        this.finish(record, 'failed', { error: err instanceof ProtocolError ? err : new ProtocolError(-32603, `Internal error: ${String(err)}`) }),
    );
    return { task: { ...record.task } };
  }

  private finish(record: TaskRecord, status: TaskStatus, outcome: NonNullable<TaskRecord['outcome']>): void {
    // A cancelled task stays cancelled whatever the work does afterwards.
    if (TERMINAL.includes(record.task.status)) return;
    record.outcome = outcome;
    record.task = { ...record.task, status, lastUpdatedAt: new Date().toISOString() };
    for (const wake of record.waiters.splice(0)) wake();
  }

  private find(params: Record<string, unknown>): TaskRecord {
    const record = typeof params.taskId === 'string' ? this.tasks.get(params.taskId) : undefined;
    if (!record) throw new ProtocolError(-32602, `Invalid params: no task ${JSON.stringify(params.taskId)}`);
    return record;
  }

  get(params: Record<string, unknown>): Record<string, unknown> {
    return { ...this.find(params).task };
  }

  list(params: Record<string, unknown>): Record<string, unknown> {
    // One page holds every task, so no cursor was ever issued: any cursor is invalid (-32602).
    if (params.cursor !== undefined) throw new ProtocolError(-32602, `Invalid params: unknown cursor ${JSON.stringify(params.cursor)}`);
    return { tasks: [...this.tasks.values()].map((r) => ({ ...r.task })) };
  }

  /** tasks/result: waits for a terminal status, then returns (or throws) what tools/call would have. */
  async result(params: Record<string, unknown>): Promise<Record<string, unknown>> {
    const record = this.find(params);
    if (!TERMINAL.includes(record.task.status)) await new Promise<void>((resolve) => record.waiters.push(resolve));
    const related = { [RELATED_TASK_KEY]: { taskId: record.task.taskId } };
    const outcome = record.outcome;
    if (!outcome) return { content: [{ type: 'text', text: 'The task was cancelled.' }], isError: true, _meta: related };
    if ('error' in outcome) throw outcome.error;
    return { ...outcome.result, _meta: { ...(isObject(outcome.result._meta) ? outcome.result._meta : {}), ...related } };
  }

  cancel(params: Record<string, unknown>): Record<string, unknown> {
    const record = this.find(params);
    if (TERMINAL.includes(record.task.status)) throw new ProtocolError(-32602, `Invalid params: task ${record.task.taskId} is already ${record.task.status}`);
    record.task = { ...record.task, status: 'cancelled', lastUpdatedAt: new Date().toISOString() };
    for (const wake of record.waiters.splice(0)) wake();
    return { ...record.task };
  }
}
