// The unit and contract test files that start processes (servers, clients, the CLI). vitest.config.ts
// runs them, like the integration files, in a process of their own rather than in the threads that
// share loaded modules: when a test times out, the exit of its worker process ends what it started
// (the process registry's exit handler), which a thread that vitest terminates would not do.
// test/test-pools.test.ts keeps the list and the files in step.

export const STARTS_PROCESSES = [
  'api/open-http-target.test.ts',
  'api/run-conformance.test.ts',
  'cli/early-server.test.ts',
  'cli/http-target.test.ts',
  'cli/run-command.test.ts',
  'cli/stdio-target.test.ts',
  'integrations/vitest/vitest-adapter.test.ts',
  'mocks/adapters/stdio.test.ts',
  'mocks/client/mock-client.test.ts',
  'runner/repro.test.ts',
  'schema/report/index.test.ts',
  'test/public-api.test.ts',
  'wire/transports/http/managed-server.test.ts',
  'wire/transports/stdio.test.ts',
];

/** What in a test file's text says that it may start a process (a spawn, a transport or server starter, a command). */
export const STARTS_PROCESS_TEXT =
  /\b(?:execa|spawn|spawnSync|execFile|execFileSync|fork)\(|new StdioTransport\(|startManagedServer\(|startServerEarly\(|runCommand\(|command: ['`"]|process\.execPath/;
