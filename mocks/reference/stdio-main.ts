#!/usr/bin/env node
// Runs the reference server over stdio: `node dist/mocks/reference/stdio-main.js [--revisions a,b]
// [--page-size N]`. Messages on stdout only; usage errors on stderr with exit code 2.
import { isRevision, REVISIONS, type Revision } from '../../schema/revisions.js';
// The stdio adapter alone, not the adapters' index: every cell of a stdio run starts this process,
// and the index would also load the HTTP adapters (node:http, node:crypto) it never uses.
import { serveStdio } from '../adapters/stdio.js';
import { createReferenceServer } from './index.js';

const USAGE = `usage: stdio-main [--revisions ${REVISIONS.join(',')}] [--page-size N]`;

function fail(message: string): never {
  process.stderr.write(`mcp-conform reference: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function parse(argv: string[]): { revisions?: Revision[]; pageSize?: number } {
  const out: { revisions?: Revision[]; pageSize?: number } = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? argv[++i] ?? fail(`Failed to read ${flag}: it needs a value.`);
    switch (flag) {
      case '--revisions': {
        const list = value()
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        const unknown = list.filter((r) => !isRevision(r));
        if (list.length === 0 || unknown.length > 0) {
          fail(
            `Failed to read --revisions: ${unknown.length > 0 ? `${unknown.join(', ')} is not a known revision` : 'the list is empty'}. Known: ${REVISIONS.join(', ')}.`,
          );
        }
        out.revisions = list as Revision[];
        break;
      }
      case '--page-size': {
        const n = Number(value());
        if (!Number.isInteger(n) || n < 1) fail(`Failed to read --page-size: expected a positive integer.`);
        out.pageSize = n;
        break;
      }
      case '--help':
      case '-h':
        process.stderr.write(`${USAGE}\n`);
        return process.exit(0);
      default:
        fail(`Failed to start: unknown flag ${flag}. Known flags: --revisions, --page-size, --help.`);
    }
  }
  return out;
}

serveStdio(createReferenceServer({ ...parse(process.argv.slice(2)), record: false }));
