// What the mock core knows of the tasks extension (io.modelcontextprotocol/tasks, 2026-07-28 on; its
// own specification, modelcontextprotocol/ext-tasks): its id, whether a request declares it, and the
// -32021 a request that needs it but does not declare it gets.
import { ProtocolError } from './reply.js';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

function extensionsOf(capabilities: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  const extensions = capabilities?.extensions;
  return typeof extensions === 'object' && extensions !== null && !Array.isArray(extensions) ? (extensions as Record<string, unknown>) : undefined;
}

/** Whether these capabilities (a request's own, or a server's) declare the extension: a settings object under its id. */
export function declaresTasksExtension(capabilities: Record<string, unknown> | undefined): boolean {
  const settings = extensionsOf(capabilities)?.[TASKS_EXTENSION];
  return typeof settings === 'object' && settings !== null;
}

/** -32021 naming the extension in `requiredCapabilities` (Error handling / Protocol errors). */
export function missingTasksExtension(what: string): ProtocolError {
  return new ProtocolError(-32021, `Missing required client capability: ${what} needs the ${TASKS_EXTENSION} extension`, {
    requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } },
  });
}
