// The 2024-11-05 HTTP+SSE transport for a mock server, mounted beside Streamable HTTP: GET /sse
// opens a stream whose first event (`endpoint`) names /messages?sessionId=…; each POST there is
// acknowledged with 202 and the server's messages go out as `message` events on that stream.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MockServer, ServerConnection } from '../core/index.js';

const LEGACY_SSE_PATH = '/sse';
const LEGACY_MESSAGES_PATH = '/messages';

export interface LegacySseHandler {
  /** Answers the request if it is for the legacy endpoints; false otherwise. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL, body: () => Promise<string | undefined>): Promise<boolean>;
  closeAll(): void;
}

export function createLegacySseHandler(server: MockServer): LegacySseHandler {
  const streams = new Map<string, { res: ServerResponse; connection: ServerConnection }>();
  let nextEvent = 1;

  return {
    async handle(req, res, url, body) {
      if (url.pathname === LEGACY_SSE_PATH && req.method === 'GET') {
        const id = randomUUID();
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        const connection = server.connect((message) => {
          res.write(`id: ${nextEvent++}\nevent: message\ndata: ${JSON.stringify(message)}\n\n`);
        });
        streams.set(id, { res, connection });
        res.on('close', () => {
          streams.delete(id);
          connection.close();
        });
        res.write(`event: endpoint\ndata: ${LEGACY_MESSAGES_PATH}?sessionId=${id}\n\n`);
        return true;
      }
      if (url.pathname === LEGACY_MESSAGES_PATH && req.method === 'POST') {
        const stream = streams.get(url.searchParams.get('sessionId') ?? '');
        if (!stream) {
          res.writeHead(404, { 'content-type': 'text/plain' }).end('unknown or missing sessionId\n');
          return true;
        }
        const text = await body();
        if (text === undefined) {
          res.writeHead(413).end();
          return true;
        }
        res.writeHead(202).end();
        // Parse errors and the rest are answered on the stream, as on stdio.
        stream.connection.receiveText(text);
        return true;
      }
      return false;
    },
    closeAll() {
      for (const { res, connection } of streams.values()) {
        connection.close();
        res.end();
      }
      streams.clear();
    },
  };
}
