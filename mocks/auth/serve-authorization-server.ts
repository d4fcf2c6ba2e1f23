// The mock authorization server on its own loopback port, for testing protected MCP servers: the
// server under test is configured to trust its issuer (JWKS or introspection), and the runner
// mints the tokens it presents. Every request is recorded, as in serveAuthorization.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MockAuthorizationServer } from './authorization-server.js';
import { recordOf, sendJson } from './http-util.js';
import type { AuthRequestListener, AuthRequestRecord, AuthSetup } from './types.js';

export interface AuthorizationServerOptions {
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  setup?: AuthSetup;
  onRequest?: AuthRequestListener;
}

export interface AuthorizationServerHandle {
  /** Its issuer: http://127.0.0.1:<port>. */
  readonly issuer: string;
  readonly authorizationServer: MockAuthorizationServer;
  readonly requests: AuthRequestRecord[];
  close(): Promise<void>;
}

export async function serveMockAuthorizationServer(options: AuthorizationServerOptions = {}): Promise<AuthorizationServerHandle> {
  const as = new MockAuthorizationServer(options.setup ?? {});
  const requests: AuthRequestRecord[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const record = recordOf('authorization-server', req, res, url);
    requests.push(record);
    options.onRequest?.(record, 'arrived');
    res.once('close', () => options.onRequest?.(record, 'answered'));
    as.handle(req, res, url, record)
      .then((handled) => {
        if (handled) return;
        record.outcome = 'not found';
        sendJson(res, 404, { error: 'not_found' });
      })
      .catch((err: Error) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(`mock authorization error: ${err.message}`);
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  as.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer: as.issuer,
    authorizationServer: as,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
