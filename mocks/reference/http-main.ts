#!/usr/bin/env node
// Runs the reference server over Streamable HTTP on 127.0.0.1: `node dist/mocks/reference/http-main.js
// [--port N] [--revisions a,b]`. The port also comes from $PORT (for --server ... --port-env PORT);
// 0 picks a free one. The legacy HTTP+SSE transport is served too, at /sse. The URL is printed on
// stderr; SIGTERM/SIGINT close it.
import { isRevision, REVISIONS, type Revision } from '../../schema/revisions.js';
import { serveStreamableHttp } from '../adapters/index.js';
import { createReferenceServer } from './index.js';

const USAGE = `usage: http-main [--port N] [--revisions ${REVISIONS.join(',')}]`;

function fail(message: string): never {
  process.stderr.write(`mcp-conform reference: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function parse(argv: string[]): { port: number; revisions?: Revision[] } {
  const out: { port: number; revisions?: Revision[] } = { port: Number(process.env.PORT ?? 0) };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = () => argv[++i] ?? fail(`Failed to read ${flag}: it needs a value.`);
    if (flag === '--port') out.port = Number(value());
    else if (flag === '--revisions') {
      const list = value()
        .split(',')
        .map((s) => s.trim());
      if (list.some((r) => !isRevision(r))) fail(`Failed to read --revisions: known revisions are ${REVISIONS.join(', ')}.`);
      out.revisions = list as Revision[];
    } else fail(`Failed to start: unknown flag ${flag}. Known flags: --port, --revisions.`);
  }
  if (!Number.isInteger(out.port) || out.port < 0 || out.port > 65535) fail('Failed to read the port: expected 0..65535.');
  return out;
}

const args = parse(process.argv.slice(2));
const handle = await serveStreamableHttp(createReferenceServer({ ...(args.revisions ? { revisions: args.revisions } : {}), record: false }), {
  port: args.port,
  legacySse: true,
});
process.stderr.write(`mcp-conform reference: listening on ${handle.url}\n`);
const stop = () => void handle.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
