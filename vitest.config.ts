import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Integration files first: they take minutes where unit files take seconds, so starting them first
 * lets the unit files fill the gaps and both workers finish together (longest job first). Within
 * each group vitest's own order stands (the slowest last time first, else the largest file first).
 */
class IntegrationFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const integration = (f: TestSpecification) => /[\\/]test[\\/]integration[\\/]/.test(f.moduleId);
    return [...sorted.filter(integration), ...sorted.filter((f) => !integration(f))];
  }
}

// The tests start some 2,800 Node processes (targets, clients, the CLI), all on loopback without
// TLS. Set, NODE_EXTRA_CA_CERTS makes each of them parse that CA bundle as it starts: on a machine
// whose variable names the system's certificates, about 40 ms of CPU a process, two minutes of a
// run. The workers and everything they start inherit the environment without it.
delete process.env.NODE_EXTRA_CA_CERTS;

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    // examples/ holds files for users to copy (they test servers this repository does not have).
    exclude: ['node_modules/**', 'dist/**', 'examples/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores, which is a single worker on a 2-core CI
    // machine. Integration files spend most of their time waiting on the processes they start, so
    // two workers keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: IntegrationFirst },
    // Bundles the SDK-based fixtures the integration tests start hundreds of times (test/bundle-fixtures.ts).
    globalSetup: ['test/bundle-fixtures.ts'],
  },
});
