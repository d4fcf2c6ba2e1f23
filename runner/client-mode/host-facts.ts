// What a client-mode host records of a conversation (lines each way, HTTP requests, OAuth requests):
// the data the expectations judge. Kept apart from the hosts so that they and the expectations share
// these types without importing each other.
import type { AuthRequestRecord, AuthSetup } from '../../mocks/index.js';

export interface RecordedLine {
  seq: number;
  /** Which relay connection (a client may start its server more than once). */
  connection: number;
  text: string;
  /** The parsed message, or undefined when the line is not JSON. */
  message?: unknown;
}

export type Recorder = (dir: 'send' | 'recv' | 'note', text: string) => number;

/** Where a client cell's mock is served and how the client is pointed at it. */
export interface ClientHost {
  /** Messages the client sent, in order. */
  readonly fromClient: RecordedLine[];
  /** Messages the mock sent to the client, in order. */
  readonly toClient: RecordedLine[];
  /** The HTTP side of the conversation (Streamable HTTP hosts only). */
  readonly http?: HttpFacts;
  /** The OAuth side of the conversation (hosts behind the mock authorization layer only). */
  readonly auth?: AuthFacts | undefined;
  /** Connections the client opened (a client may connect more than once). */
  readonly connectionCount: number;
  /**
   * Set when a message of the client passed the runner's message limit (--max-message-bytes): it
   * was not read, so the cell is not judged (errored with this reason), never failed.
   */
  readonly overLimit?: string | undefined;
  /** Starts serving; resolves with the text that replaces the placeholder in the client command. */
  start(): Promise<string>;
  close(): Promise<void>;
}

/** One HTTP request of the client, as the mock saw it. */
export interface HttpRequestRecord {
  seq: number;
  /** Milliseconds since the host started. */
  t: number;
  method: string;
  /** Header names in lower case; a repeated header keeps its first value. */
  headers: Record<string, string>;
  /** The parsed POST body (undefined until read, or when it is not JSON). */
  body?: unknown;
  /** The status the mock answered with (0 if none was written). */
  readonly status: number;
  /** The Mcp-Session-Id the mock issued in this answer, if any (initialize). */
  readonly issuedSession: string | undefined;
}

export interface HttpFacts {
  requests: HttpRequestRecord[];
  /** Streams whose connection the mock closed on purpose (drop-stream), in order. */
  drops: { seq: number; t: number; lastEventId: string; retryMs?: number }[];
  /** Sessions the mock ended on purpose (end-session); their ids now get 404. */
  endedSessions: { seq: number; id: string }[];
}

export interface AuthFacts {
  setup: AuthSetup;
  /** The protected MCP endpoint the client was given (its canonical resource URI). */
  endpoint: string;
  issuer: string;
  /** Where the protected resource metadata is served (undefined in the 2025-03-26 setup). */
  resourceMetadataUrl: string | undefined;
  /** The authorization server metadata path on the issuer (undefined: none served). */
  serverMetadataPath: string | undefined;
  /** Every request to the protected resource and the authorization server, with its transcript seq. */
  requests: { seq: number; r: AuthRequestRecord }[];
  isIssuedToken(token: string): boolean;
  /** With `migrateAfter`: the issuer of the authorization server the MCP server moved to. */
  secondIssuer: string | undefined;
  /** Whether the first authorization server registered this client id (before any move). */
  isFirstServerClient(clientId: string): boolean;
  /** What the client is configured with (MCP_CONFORM_AUTH_CONTEXT): pre-registered or machine client credentials; undefined: nothing. */
  clientContext: Record<string, string> | undefined;
  /** Why a JWT client assertion was not valid when the authorization server received it (undefined: valid). */
  assertionProblem(assertion: string | undefined): string | undefined;
  /** With `enterpriseManaged`: the identity provider's issuer (its requests have `to: 'identity-provider'`). */
  identityProviderIssuer: string | undefined;
  /** Whether the identity provider issued `value` as an ID-JAG. */
  isIssuedIdJag(value: string): boolean;
  /** Why the authorization server refused an ID-JAG presented to it (undefined: accepted or never presented). */
  idJagProblem(assertion: string | undefined): string | undefined;
}
