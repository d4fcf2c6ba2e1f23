import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';
import { STARTS_PROCESSES } from './test/starts-processes.js';

const INTEGRATION = 'test/integration/**/*.test.ts';

/**
 * The integration files that take longest (CPU and wall time alone, measured on 2 cores), longest
 * first. They start first whatever vitest remembers of earlier runs, so that a fresh clone (CI) does
 * not start the longest file last and finish on one busy worker; the other files fill the gaps.
 */
const LONGEST_FIRST = [
  'shared-vs-isolated',
  'client-mode-sdk',
  'suites-vs-fixtures',
  'client-mode',
  'http-suites-vs-fixtures',
  'client-auth',
  'sdk-servers-vs-suites',
  'real-servers-vs-suites',
  'authorization-vs-fixtures',
  'fuzz-http-finds-planted-bugs',
].map((name) => `test/integration/${name}.test.ts`);

/**
 * Integration files first, the longest of them in the order above; within the rest vitest's own
 * order stands (the slowest last time first, else the largest file first). The unit files run in
 * their own pool (below), beside them.
 */
class IntegrationFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONGEST_FIRST.findIndex((path) => f.moduleId.replaceAll('\\', '/').endsWith(path));
      return i === -1 ? LONGEST_FIRST.length : i;
    };
    const integration = (f: TestSpecification) => /[\\/]test[\\/]integration[\\/]/.test(f.moduleId);
    return [...sorted.filter(integration).sort((a, b) => rank(a) - rank(b)), ...sorted.filter((f) => !integration(f))];
  }
}

// The tests start some 2,800 Node processes (targets, clients, the CLI), all on loopback without
// TLS. Set, NODE_EXTRA_CA_CERTS makes each of them parse that CA bundle as it starts: on a machine
// whose variable names the system's certificates, about 40 ms of CPU a process, two minutes of a
// run. The workers and everything they start inherit the environment without it.
delete process.env.NODE_EXTRA_CA_CERTS;

export default defineConfig({
  test: {
    // examples/ holds files for users to copy (they test servers this repository does not have).
    exclude: ['node_modules/**', 'dist/**', 'examples/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Read by vitest for every project's threads pool; only the unit files run there.
    poolOptions: { threads: { isolate: false } },
    // Vitest's default is one worker fewer than the cores, which is a single worker on a 2-core CI
    // machine. Integration files spend most of their time waiting on the processes they start, so
    // two workers keep both cores busy. The unit files' pool (below) has as many again.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: IntegrationFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'processes',
          include: [INTEGRATION, ...STARTS_PROCESSES],
          // A process per file: these files start servers and clients and keep process-wide state
          // (exit handlers that reap process groups, environment variables, listening sockets); see
          // test/starts-processes.ts for the unit files among them.
          pool: 'forks',
          // Bundles the SDK-based fixtures the integration tests start hundreds of times (test/bundle-fixtures.ts).
          globalSetup: ['test/bundle-fixtures.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['**/*.test.ts'],
          exclude: ['node_modules/**', 'dist/**', 'examples/**', INTEGRATION, ...STARTS_PROCESSES],
          // The unit, contract and house files that start no process share their workers' loaded
          // modules instead of loading the engine again for each file, which was most of their cost:
          // with the 13 above among them, 119 files took 55.7 s (90 s of CPU) one fresh process each
          // and 25.5 s (32 s) in threads that keep their modules; the 106 take 16.8 s (23 s). None
          // reads state another file leaves behind. Vitest decides whether a pool's workers are
          // reused from the root's poolOptions, hence the setting there too.
          pool: 'threads',
          poolOptions: { threads: { isolate: false } },
        },
      },
    ],
  },
});
