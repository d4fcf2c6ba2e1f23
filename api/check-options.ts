// Checks the numbers, revisions and paths of the options before anything starts, so a mistake is
// reported as what to change rather than as a failed run.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { REVISIONS, isRevision } from '../schema/revisions.js';
import type { CommonRunOptions } from './conformance-options.js';
import { ConformanceOptionsError } from './options-error.js';
import { MAX_MESSAGE_BYTES_CEILING, MIN_MESSAGE_BYTES } from '../wire/protocol/index.js';

/** Most re-runs of one failed or errored cell. */
const MAX_RETRIES = 3;

export function checkWholeNumber(name: string, value: number | undefined, min: number): void {
  if (value !== undefined && (!Number.isInteger(value) || value < min)) {
    throw new ConformanceOptionsError(`\`${name}\` takes a whole number >= ${min}, got ${String(value)}.`);
  }
}

export function checkCommonOptions(options: CommonRunOptions): void {
  checkWholeNumber('concurrency', options.concurrency, 1);
  checkWholeNumber('seed', options.seed, 0);
  checkWholeNumber('retries', options.retries, 0);
  if (options.retries !== undefined && options.retries > MAX_RETRIES) {
    throw new ConformanceOptionsError(
      `\`retries\` takes at most ${MAX_RETRIES}, got ${options.retries}.`,
      'One re-run alone tells a flaky verdict from a steady one; more only lengthen a failing run.',
    );
  }
  checkWholeNumber('maxMessageBytes', options.maxMessageBytes, MIN_MESSAGE_BYTES);
  if (options.maxMessageBytes !== undefined && options.maxMessageBytes > MAX_MESSAGE_BYTES_CEILING) {
    throw new ConformanceOptionsError(
      `\`maxMessageBytes\` takes at most ${MAX_MESSAGE_BYTES_CEILING} (256 MiB), got ${options.maxMessageBytes}.`,
      'A message is parsed as one JavaScript string, which holds about 512 million characters at most.',
    );
  }
  for (const revision of options.revisions ?? []) {
    if (!isRevision(revision)) throw new ConformanceOptionsError(`"${String(revision)}" is not a known MCP revision.`, `Known: ${REVISIONS.join(', ')}.`);
  }
  for (const p of [...(options.suiteDirs ?? []), ...(options.scenarioFiles ?? [])]) {
    if (!existsSync(resolve(p)))
      throw new ConformanceOptionsError(`Failed to read ${resolve(p)}: no such file or folder.`, 'Check the path given to --suite-dir / --scenario-file.');
  }
}
