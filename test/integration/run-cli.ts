// Runs the built CLI as a child process with a JSON report, for integration tests: returns the exit
// code, both streams and the parsed report. Every run is bounded by `timeoutMs`.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CLI = join(ROOT, 'dist', 'cli', 'main.js');

export interface ReportCheck {
  id: string;
  rule: string;
  status: string;
  message?: string;
}
export interface ReportScenario {
  id: string;
  revision: string;
  transport: string;
  status: string;
  skipReason?: string;
  checks: ReportCheck[];
  /** The cell's exchange: messages both ways and the runner's notes. */
  transcript?: { seq: number; dir: string; text?: string }[];
}
export interface Report {
  target: { acceptedRevisions?: string[] };
  summary: { scenarios: number; passed: number; failed: number; skipped: number; errored: number; flaky?: number; warnings: number };
  scenarios: ReportScenario[];
  /** Why the run ended early (a target that answered no probe), when it did. */
  endReason?: string;
  fatal?: string;
}
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  report?: Report;
}

let scratch: string | undefined;
let runs = 0;

/** Subcommands, which take no --retries. */
const SUBCOMMANDS = new Set(['mock', 'fuzz']);

/**
 * A run without subcommand gets `--retries 0` unless its args set it: these tests assert the
 * verdicts of planted defects, and re-running every failing cell alone would only lengthen them.
 */
export function runCli(args: string[], { timeoutMs = 280_000 } = {}): Promise<CliRun> {
  scratch ??= mkdtempSync(join(tmpdir(), 'mcp-conform-cli-'));
  if (!SUBCOMMANDS.has(args[0] ?? '') && !args.includes('--retries')) args = [...args, '--retries', '0'];
  const reportPath = join(scratch, `report-${++runs}.json`);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args, '--report', `json=${reportPath}`],
      { cwd: ROOT, timeout: timeoutMs, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        const report = existsSync(reportPath) ? (JSON.parse(readFileSync(reportPath, 'utf8')) as Report) : undefined;
        resolve({ code, stdout, stderr, ...(report ? { report } : {}) });
      },
    );
  });
}

/** Removes the reports' scratch folder; call from afterAll. */
export function removeCliScratch(): void {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
}

/** Every failed or warning check of a run as "scenario @ revision: rule status", sorted. */
export function findings(report: Report): string[] {
  return report.scenarios
    .flatMap((s) => [
      ...s.checks.filter((c) => c.status === 'failed' || c.status === 'warning').map((c) => `${s.id} @ ${s.revision}: ${c.rule} ${c.status}`),
      ...(s.status === 'errored' ? [`${s.id} @ ${s.revision}: errored`] : []),
    ])
    .sort();
}
