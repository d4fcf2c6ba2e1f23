// The tasks extension io.modelcontextprotocol/tasks (2026-07-28 on; specified in the
// modelcontextprotocol/ext-tasks repository): a tools/call from a client that declares the
// extension on that request may be answered at once with a task (resultType "task"), which
// tasks/get reports with its final result or JSON-RPC error inlined, tasks/update feeds with input
// and tasks/cancel asks to stop. There is no tasks/result or tasks/list any more.
import { ProtocolError } from '../core/index.js';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

type Status = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

interface Task {
  taskId: string;
  status: Status;
  createdAt: string;
  lastUpdatedAt: string;
  ttlMs: number | null;
  pollIntervalMs: number;
}

interface Entry {
  task: Task;
  /** What tasks/get inlines once the task ended: the tool's result, or the JSON-RPC error of the call. */
  payload?: { result: Record<string, unknown> } | { error: Record<string, unknown> };
}

const TERMINAL: readonly Status[] = ['completed', 'failed', 'cancelled'];
const TTL_MS = 300_000;
const POLL_INTERVAL_MS = 50;

/** Whether the request's own client capabilities declare the extension (the only declaration that counts). */
export function declaresTasksExtension(clientCapabilities: Record<string, unknown>): boolean {
  const extensions = clientCapabilities.extensions;
  return typeof extensions === 'object' && extensions !== null && typeof (extensions as Record<string, unknown>)[TASKS_EXTENSION] === 'object';
}

/** -32021 naming the extension: what a client that did not declare it gets for tasks/* requests. */
export function missingTasksExtension(method: string): ProtocolError {
  return new ProtocolError(-32021, `Missing required client capability: ${method} needs the ${TASKS_EXTENSION} extension`, {
    requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } },
  });
}

export class ExtensionTaskStore {
  private readonly tasks = new Map<string, Entry>();
  private seq = 0;

  /** Registers the task before answering (a tasks/get right after must find it), then runs `work`. */
  create(work: () => Promise<Record<string, unknown>>): Record<string, unknown> {
    const now = new Date().toISOString();
    // A random part makes ids unguessable: the reference server cannot bind tasks to an identity.
    const taskId = `ext-task-${++this.seq}-${Math.random().toString(36).slice(2, 10)}`;
    const entry: Entry = { task: { taskId, status: 'working', createdAt: now, lastUpdatedAt: now, ttlMs: TTL_MS, pollIntervalMs: POLL_INTERVAL_MS } };
    this.tasks.set(taskId, entry);
    work().then(
      // A tool error (isError) is a completed call: failed is only for JSON-RPC errors.
      (result) => this.finish(entry, 'completed', { result }),
      (err: unknown) => {
        const error = err instanceof ProtocolError ? err : new ProtocolError(-32603, `Internal error: ${String(err)}`);
        this.finish(entry, 'failed', { error: { code: error.code, message: error.message, ...(error.data !== undefined ? { data: error.data } : {}) } });
      },
    );
    return { resultType: 'task', ...entry.task };
  }

  private finish(entry: Entry, status: Status, payload: NonNullable<Entry['payload']>): void {
    // Terminal is final: a cancelled task stays cancelled whatever its work does afterwards.
    if (TERMINAL.includes(entry.task.status)) return;
    entry.payload = payload;
    entry.task = { ...entry.task, status, lastUpdatedAt: new Date().toISOString() };
  }

  private find(params: Record<string, unknown>): Entry {
    const entry = typeof params.taskId === 'string' ? this.tasks.get(params.taskId) : undefined;
    if (!entry) throw new ProtocolError(-32602, `Invalid params: no task ${JSON.stringify(params.taskId)}`);
    return entry;
  }

  get(params: Record<string, unknown>): Record<string, unknown> {
    const entry = this.find(params);
    return { ...entry.task, ...(entry.task.status === 'cancelled' ? {} : (entry.payload ?? {})) };
  }

  /** None of the reference tools asks for input inside a task, so every response is for a key not outstanding: ignored. */
  update(params: Record<string, unknown>): Record<string, unknown> {
    this.find(params);
    return {};
  }

  /** Cooperative: a running task becomes cancelled, an ended one stays as it is; either way an empty ack. */
  cancel(params: Record<string, unknown>): Record<string, unknown> {
    const entry = this.find(params);
    if (!TERMINAL.includes(entry.task.status)) entry.task = { ...entry.task, status: 'cancelled', lastUpdatedAt: new Date().toISOString() };
    return {};
  }
}
