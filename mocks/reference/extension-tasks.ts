// The tasks extension io.modelcontextprotocol/tasks (2026-07-28 on; specified in the
// modelcontextprotocol/ext-tasks repository): a tools/call from a client that declares the
// extension on that request may be answered at once with a task (resultType "task"), which
// tasks/get reports with its final result or JSON-RPC error inlined, tasks/update feeds with input
// and tasks/cancel asks to stop. There is no tasks/result or tasks/list any more.
import { ProtocolError } from '../core/index.js';

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
  /** While input_required: the outstanding requests by key, the answers so far, and who waits for them. */
  input?: { requests: Record<string, unknown>; answers: Record<string, unknown>; resume: (answers: Record<string, unknown> | undefined) => void };
}

/** What a round of the work gets: the answers to the previous round's input requests, MRTR-style. */
export interface TaskRound {
  inputResponses?: Record<string, unknown>;
  requestState?: unknown;
}

const TERMINAL: readonly Status[] = ['completed', 'failed', 'cancelled'];
const TTL_MS = 300_000;
const POLL_INTERVAL_MS = 50;
/** Bound on input rounds of one task: a tool that keeps asking fails the task instead of looping forever. */
const MAX_INPUT_ROUNDS = 10;

export class ExtensionTaskStore {
  private readonly tasks = new Map<string, Entry>();
  private seq = 0;
  /** Told of every status change with the task as tasks/get would report it (notifications/tasks). */
  onStatus: ((task: Record<string, unknown> & { taskId: string }) => void) | undefined;

  /** The ids of these that name a task of the store (the ones a listen stream may follow). */
  known(ids: readonly string[]): string[] {
    return ids.filter((id) => this.tasks.has(id));
  }

  /** Moves the task to a new state and tells the listener. */
  private change(entry: Entry, task: Task): void {
    entry.task = task;
    this.onStatus?.({ ...this.view(entry), taskId: task.taskId });
  }

  /**
   * Registers the task before answering (a tasks/get right after must find it), then runs `work`.
   * Work that answers input_required (a tool asking the client, as in MRTR) puts the task in
   * input_required; the answers tasks/update brings are handed to the next round.
   */
  create(work: (round: TaskRound) => Promise<Record<string, unknown>>): Record<string, unknown> {
    const now = new Date().toISOString();
    // A random part makes ids unguessable: the reference server cannot bind tasks to an identity.
    const taskId = `ext-task-${++this.seq}-${Math.random().toString(36).slice(2, 10)}`;
    const entry: Entry = { task: { taskId, status: 'working', createdAt: now, lastUpdatedAt: now, ttlMs: TTL_MS, pollIntervalMs: POLL_INTERVAL_MS } };
    this.tasks.set(taskId, entry);
    this.drive(entry, work).then(
      // A tool error (isError) is a completed call: failed is only for JSON-RPC errors.
      (result) => this.finish(entry, 'completed', { result }),
      (err: unknown) => {
        const error = err instanceof ProtocolError ? err : new ProtocolError(-32603, `Internal error: ${String(err)}`);
        this.finish(entry, 'failed', { error: { code: error.code, message: error.message, ...(error.data !== undefined ? { data: error.data } : {}) } });
      },
    );
    return { resultType: 'task', ...entry.task };
  }

  private async drive(entry: Entry, work: (round: TaskRound) => Promise<Record<string, unknown>>): Promise<Record<string, unknown>> {
    let round: TaskRound = {};
    for (let n = 1; n <= MAX_INPUT_ROUNDS; n++) {
      const result = await work(round);
      if (result.resultType !== 'input_required') return result;
      const asked = typeof result.inputRequests === 'object' && result.inputRequests !== null ? (result.inputRequests as Record<string, unknown>) : {};
      // Keys are unique over the task's life: each round's keys carry the round number.
      const requests = Object.fromEntries(Object.entries(asked).map(([key, request]) => [`${n}-${key}`, request]));
      const answers = Object.keys(requests).length === 0 ? {} : await this.awaitInput(entry, requests);
      if (answers === undefined) return { content: [{ type: 'text', text: 'The task was cancelled.' }] };
      const inputResponses = Object.fromEntries(Object.entries(answers).map(([key, answer]) => [key.slice(`${n}-`.length), answer]));
      round = { inputResponses, ...(result.requestState !== undefined ? { requestState: result.requestState } : {}) };
    }
    throw new ProtocolError(-32603, `Internal error: the task asked for input more than ${MAX_INPUT_ROUNDS} times`);
  }

  /** Shows the requests through tasks/get until tasks/update answered all of them (undefined: cancelled). */
  private awaitInput(entry: Entry, requests: Record<string, unknown>): Promise<Record<string, unknown> | undefined> {
    if (TERMINAL.includes(entry.task.status)) return Promise.resolve(undefined);
    return new Promise((resume) => {
      entry.input = { requests, answers: {}, resume };
      this.change(entry, { ...entry.task, status: 'input_required', lastUpdatedAt: new Date().toISOString() });
    });
  }

  private finish(entry: Entry, status: Status, payload: NonNullable<Entry['payload']>): void {
    // Terminal is final: a cancelled task stays cancelled whatever its work does afterwards.
    if (TERMINAL.includes(entry.task.status)) return;
    entry.payload = payload;
    this.change(entry, { ...entry.task, status, lastUpdatedAt: new Date().toISOString() });
  }

  private find(params: Record<string, unknown>): Entry {
    const entry = typeof params.taskId === 'string' ? this.tasks.get(params.taskId) : undefined;
    if (!entry) throw new ProtocolError(-32602, `Invalid params: no task ${JSON.stringify(params.taskId)}`);
    return entry;
  }

  get(params: Record<string, unknown>): Record<string, unknown> {
    return this.view(this.find(params));
  }

  /** The task with the payload of its status: outstanding input requests, result or error. */
  private view(entry: Entry): Record<string, unknown> {
    if (entry.task.status === 'input_required' && entry.input) {
      // Only what is still outstanding: answered keys drop out.
      const outstanding = Object.fromEntries(Object.entries(entry.input.requests).filter(([key]) => !(key in entry.input!.answers)));
      return { ...entry.task, inputRequests: outstanding };
    }
    return { ...entry.task, ...(entry.task.status === 'cancelled' ? {} : (entry.payload ?? {})) };
  }

  /** Takes the answers to outstanding keys (others are ignored, as the extension advises) and resumes once all are in. */
  update(params: Record<string, unknown>): Record<string, unknown> {
    const entry = this.find(params);
    const responses = params.inputResponses;
    if (typeof responses !== 'object' || responses === null || Array.isArray(responses)) {
      throw new ProtocolError(-32602, 'Invalid params: tasks/update needs inputResponses, an object keyed by input request');
    }
    const input = entry.input;
    if (entry.task.status !== 'input_required' || !input) return {};
    for (const [key, answer] of Object.entries(responses)) if (key in input.requests && !(key in input.answers)) input.answers[key] = answer;
    if (Object.keys(input.requests).every((key) => key in input.answers)) {
      entry.input = undefined;
      this.change(entry, { ...entry.task, status: 'working', lastUpdatedAt: new Date().toISOString() });
      input.resume(input.answers);
    }
    return {};
  }

  /** Cooperative: a running task becomes cancelled, an ended one stays as it is; either way an empty ack. */
  cancel(params: Record<string, unknown>): Record<string, unknown> {
    const entry = this.find(params);
    if (!TERMINAL.includes(entry.task.status)) this.change(entry, { ...entry.task, status: 'cancelled', lastUpdatedAt: new Date().toISOString() });
    // Work waiting for input stops here rather than waiting for ever.
    const input = entry.input;
    entry.input = undefined;
    input?.resume(undefined);
    return {};
  }
}
