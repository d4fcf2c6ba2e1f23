// Mock OAuth for testing MCP clients' authorization: a protected resource in front of a mock MCP
// endpoint and a mock authorization server, both on 127.0.0.1, recording every request. For testing
// protected MCP servers: the authorization server alone, minting signed tokens on request.
export { serveAuthorization, RESOURCE_METADATA_PATH, HEADER_METADATA_PATH, AUTH_PATHS } from './serve-authorization.js';
export type { AuthorizationOptions, AuthorizationHandle } from './serve-authorization.js';
export { serveMockAuthorizationServer } from './serve-authorization-server.js';
export type { AuthorizationServerOptions, AuthorizationServerHandle } from './serve-authorization-server.js';
export { MockAuthorizationServer, TOKEN_CHECK_PATHS } from './authorization-server.js';
export type { IssuedToken } from './authorization-server.js';
export { TokenSigner } from './signed-tokens.js';
export type { AccessTokenClaims } from './signed-tokens.js';
export { pkceMismatch, s256 } from './pkce.js';
export type { AuthSetup, AuthRequestRecord, AuthRequestListener } from './types.js';
