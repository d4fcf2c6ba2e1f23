// The command that starts a fixture or example client many times over: its bundled copy (built
// once per `vitest run` by test/bundle-fixtures.ts) when there is one, else the file as written.
// Same code, one file: an SDK process starts on about 0.05 to 0.17 s less CPU, and the integration
// tests start these processes hundreds of times. Each file also keeps a small run as written
// (users copy the examples and the README runs them), so that the files themselves stay proven.
import { inject } from 'vitest';

/** The file to run for `path` (relative to the repository root, as is the answer): its bundle if one was built. */
export function fixtureFile(path: string): string {
  return inject('fixtureBundles')?.[path] ?? path;
}

/** `node <fixture> <args>`, to run in the repository root. */
export function fixtureCommand(path: string, ...args: string[]): string {
  return ['node', fixtureFile(path), ...args].join(' ');
}
