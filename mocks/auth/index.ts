// Mock OAuth for testing MCP clients' authorization: a protected resource in front of a mock MCP
// endpoint and a mock authorization server, both on 127.0.0.1, recording every request. For testing
// protected MCP servers: the authorization server alone, minting signed tokens on request. For the
// Enterprise-Managed Authorization extension: a mock enterprise identity provider issuing ID-JAGs.
export { serveAuthorization, RESOURCE_METADATA_PATH } from './serve-authorization.js';
export type { AuthorizationOptions, AuthorizationHandle } from './serve-authorization.js';
export { serveMockAuthorizationServer } from './serve-authorization-server.js';
export type { AuthorizationServerHandle } from './serve-authorization-server.js';
export { MockAuthorizationServer, isMetadataDocumentUrl, tokenAuthMethodOf } from './authorization-server.js';
export type { IssuedToken } from './authorization-server.js';
export { pkceMismatch } from './pkce.js';
export { issAdvertisedOf, issParameterOf } from './iss-parameter.js';
export { MockIdentityProvider } from './identity-provider.js';
export { ID_JAG_TOKEN_TYPE, ID_TOKEN_TYPE, JWT_BEARER_GRANT, TOKEN_EXCHANGE_GRANT } from './id-jag.js';
export { canonicalResourceForms, resourceMatches, sameIssuer } from './resource-uri.js';
export type { AuthSetup, AuthRequestRecord, AuthRequestListener, TokenEndpointAuthMethod } from './types.js';
