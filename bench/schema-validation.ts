#!/usr/bin/env -S npx tsx
// Benchmark: messages per second of protocolValidator(revision).validateMessage on the realistic wire
// messages of test/fixtures/messages/<revision>/wire.json (requests, notifications, results, errors).
// Usage: npx tsx bench/schema-validation.ts [--ms 2000]   Prints one line per revision and a Markdown table.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REVISIONS, protocolValidator, type Sender } from '../schema/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const msIndex = args.indexOf('--ms');
const budgetMs = msIndex === -1 ? 2000 : Number(args[msIndex + 1]);

interface Wire {
  sender: Sender;
  requestMethod?: string;
  message: unknown;
}

const rows: string[] = [];
for (const revision of REVISIONS) {
  const messages = JSON.parse(readFileSync(join(root, 'test', 'fixtures', 'messages', revision, 'wire.json'), 'utf8')) as Wire[];
  const coldStart = performance.now();
  const validator = protocolValidator(revision);
  // The first pass builds the revision's schema and compiles every composed check it needs.
  for (const m of messages) validator.validateMessage(m.message, m.sender, m.requestMethod);
  const coldMs = performance.now() - coldStart;

  let validated = 0;
  let violations = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < budgetMs) {
    for (const m of messages) violations += validator.validateMessage(m.message, m.sender, m.requestMethod).length;
    validated += messages.length;
    elapsed = performance.now() - started;
  }
  if (violations > 0) throw new Error(`bench: ${revision} fixtures produced ${violations} violations; fix the fixtures first`);
  const perSecond = Math.round((validated / elapsed) * 1000);
  const bytes = messages.reduce((n, m) => n + JSON.stringify(m.message).length, 0) / messages.length;
  process.stdout.write(
    `${revision}: ${perSecond.toLocaleString('en-US')} messages/s (${messages.length} distinct messages, mean ${Math.round(bytes)} bytes; first pass incl. build+compile ${Math.round(coldMs)} ms)\n`,
  );
  rows.push(`| ${revision} | ${perSecond.toLocaleString('en-US')} | ${messages.length} | ${Math.round(bytes)} | ${Math.round(coldMs)} |`);
}

process.stdout.write(
  `\n| revision | validateMessage/s | messages in mix | mean size (bytes) | first pass (ms) |\n| --- | --- | --- | --- | --- |\n${rows.join('\n')}\n`,
);
process.stdout.write(`\nNode ${process.version}, ${budgetMs} ms per revision.\n`);
