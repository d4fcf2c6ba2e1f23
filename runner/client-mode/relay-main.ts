#!/usr/bin/env node
// The server command a client under test spawns in client mode: `relay-main.js <port>` joins its
// stdin and stdout to the runner's mock server on 127.0.0.1:<port>, byte for byte, so the runner
// sees every message in-process. It exits when the client closes stdin or the runner hangs up.
import { connect } from 'node:net';

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  process.stderr.write('mcp-conform relay: usage: relay-main.js <port> (started by mcp-conform --client, not by hand)\n');
  process.exit(2);
}
const socket = connect({ host: '127.0.0.1', port });
socket.on('error', (err) => {
  process.stderr.write(`mcp-conform relay: lost the runner (${err.message})\n`);
  process.exit(1);
});
socket.on('close', () => process.stdout.write('', () => process.exit(0)));
process.stdin.on('end', () => socket.end());
process.stdin.pipe(socket, { end: false });
socket.pipe(process.stdout);
