// Judges how a client identifies itself to the authorization server (basic/authorization, "Client
// registration"): pre-registered credentials before anything else, Client ID Metadata Document URLs
// when the server supports them (https, with a path), `application_type` in dynamic registration
// (2026-07-28), and the token endpoint's client authentication method the server supports.
import { isMetadataDocumentUrl, tokenAuthMethodOf, type TokenEndpointAuthMethod } from '../../mocks/index.js';
import type { AuthFacts } from './auth-host.js';
import { list, noFlow, showRequest, tokenClientId, viewOf, type Seen } from './auth-request-view.js';
import type { HttpVerdict } from './types.js';

type RegistrationDuty = 'pre-registered-client' | 'token-endpoint-auth-method' | 'cimd-client-id' | 'cimd-url-form' | 'application-type';

const DEFAULT_METHODS: TokenEndpointAuthMethod[] = ['none', 'client_secret_basic', 'client_secret_post'];

const looksLikeUrl = (id: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(id);

export function judgeRegistrationDuty(duty: RegistrationDuty, facts: AuthFacts): HttpVerdict {
  const { authorizations, tokenRequests, registrations } = viewOf(facts);
  const setup = facts.setup;
  const firstAuthorize = authorizations[0];
  const supported = setup.tokenEndpointAuthMethods ?? DEFAULT_METHODS;

  switch (duty) {
    case 'pre-registered-client': {
      const pre = setup.preRegistered;
      if (!pre) return { status: 'skipped', message: 'this setup has no pre-registered client' };
      // The credentials reach the library only if the program hands them over: until the client
      // presents them somewhere, a library that ignores them cannot be told from a program that never
      // passed them on, so only a client that shows it has them is judged on using them first.
      const presented = [...authorizations.map((s) => [s, s.r.query.client_id] as const), ...tokenRequests.map((s) => [s, tokenClientId(s)] as const)]
        .filter(([, id]) => id === pre.clientId)
        .map(([s]) => s)
        .sort((a, b) => a.seq - b.seq)[0];
      if (!presented)
        return {
          status: 'skipped',
          message: `the client never presented the pre-registered client ${pre.clientId} it was offered in MCP_CONFORM_AUTH_CONTEXT (registrations: ${list(registrations)}; authorization requests: ${list(authorizations)}), so whether its library uses such credentials cannot be judged: the program must configure its library with client_id and client_secret from MCP_CONFORM_AUTH_CONTEXT`,
        };
      if (registrations.length > 0) {
        const early = registrations[0]!.seq < presented.seq;
        return {
          status: 'failed',
          message: `the client ${early ? 'tried to register dynamically before using' : 'also registered dynamically besides'} the pre-registered client it was given`,
          expected: `client_id ${pre.clientId}, no registration`,
          actual: `${list(registrations)}; first use of ${pre.clientId}: ${showRequest(presented)}`,
          evidence: [registrations[0]!.seq, presented.seq],
        };
      }
      if (!firstAuthorize)
        return { status: 'passed', message: `the client used the pre-registered client ${pre.clientId} and did not register`, evidence: [presented.seq] };
      const other = [...authorizations.map((s) => [s, s.r.query.client_id] as const), ...tokenRequests.map((s) => [s, tokenClientId(s)] as const)].find(
        ([, id]) => id !== pre.clientId,
      );
      if (other)
        return {
          status: 'failed',
          message: 'a request named another client than the pre-registered one',
          expected: `client_id ${pre.clientId}`,
          actual: `${showRequest(other[0])} with client_id ${other[1] ?? '(absent)'}`,
          evidence: [other[0].seq],
        };
      return { status: 'passed', message: `the client used the pre-registered client ${pre.clientId} and did not register`, evidence: [firstAuthorize.seq] };
    }
    case 'token-endpoint-auth-method': {
      const first = tokenRequests[0];
      if (!first) return { status: 'skipped', message: 'the client made no token request' };
      for (const s of tokenRequests) {
        const used = tokenAuthMethodOf(s.r);
        const expected = expectedMethod(facts, tokenClientId(s), registrations);
        const fits = expected === undefined ? supported.includes(used) && used !== 'none' : used === expected;
        if (!fits) {
          const want = expected ?? supported.filter((m) => m !== 'none').join(' or ');
          return {
            status: 'failed',
            message: `the token request authenticated the client with ${used}, not with ${want}`,
            expected: `${want} (the token endpoint supports ${supported.join(', ')})`,
            actual: `${showRequest(s)} authenticating with ${used}`,
            evidence: [s.seq],
          };
        }
      }
      return {
        status: 'passed',
        message: `all ${tokenRequests.length} token requests authenticated the client as the authorization server expects`,
        evidence: [first.seq],
      };
    }
    case 'cimd-client-id': {
      if (!setup.clientIdMetadataDocument) return { status: 'skipped', message: 'this authorization server does not advertise Client ID Metadata Documents' };
      if (!firstAuthorize)
        return registrations.length > 0
          ? {
              status: 'failed',
              message: 'the client registered dynamically although the authorization server supports Client ID Metadata Documents',
              actual: list(registrations),
              evidence: [registrations[0]!.seq],
            }
          : noFlow;
      const id = firstAuthorize.r.query.client_id ?? '';
      if (isMetadataDocumentUrl(id))
        return { status: 'passed', message: `the client named itself by its metadata document URL (${id})`, evidence: [firstAuthorize.seq] };
      // A URL of the wrong form is still the approach asked for; `cimd-url-form` judges its form.
      if (looksLikeUrl(id))
        return { status: 'passed', message: `the client named itself by a URL (${id}); its form is judged separately`, evidence: [firstAuthorize.seq] };
      return {
        status: 'failed',
        message: `the authorization server advertises client_id_metadata_document_supported, yet the client ${registrations.length > 0 ? 'registered dynamically' : 'used another client id'}`,
        expected: 'client_id: an https URL of the client metadata document',
        actual: `client_id=${id || '(absent)'}${registrations.length > 0 ? `; ${list(registrations)}` : ''}`,
        evidence: [firstAuthorize.seq],
      };
    }
    case 'cimd-url-form': {
      const urlIds = authorizations.filter((s) => looksLikeUrl(s.r.query.client_id ?? ''));
      if (urlIds.length === 0) return { status: 'skipped', message: 'the client used no URL as its client id' };
      const bad = urlIds.find((s) => !isMetadataDocumentUrl(s.r.query.client_id!));
      if (bad)
        return {
          status: 'failed',
          message: 'a URL client id is not an https URL with a path',
          expected: 'client_id like https://host/path/client.json',
          actual: `client_id=${bad.r.query.client_id!}`,
          evidence: [bad.seq],
        };
      return { status: 'passed', message: 'every URL client id was an https URL with a path', evidence: [urlIds[0]!.seq] };
    }
    case 'application-type': {
      if (registrations.length === 0) return { status: 'skipped', message: 'the client did not register dynamically' };
      const bare = registrations.find((s) => s.r.body?.application_type === undefined);
      if (bare)
        return {
          status: 'failed',
          message: 'a dynamic registration request carried no application_type',
          expected: 'application_type: "native" (loopback redirect URIs) or "web"',
          actual: `body ${JSON.stringify(bare.r.body ?? {}).slice(0, 300)}`,
          evidence: [bare.seq],
        };
      return {
        status: 'passed',
        message: `every registration named its application_type (${registrations.map((s) => s.r.body!.application_type).join(', ')})`,
        evidence: [registrations[0]!.seq],
      };
    }
  }
}

/**
 * The method a token request must use, when one is determined: a dynamically registered client the
 * method its registration was given (the one it asked for when the token endpoint supports it, else
 * the first supported one, as the mock answers), a public client (Client ID Metadata Document or
 * registered with `none`) none. Undefined: a pre-registered client with a secret, which may use
 * any supported method but `none`.
 */
function expectedMethod(facts: AuthFacts, clientId: string | undefined, registrations: Seen[]): TokenEndpointAuthMethod | undefined {
  const supported = facts.setup.tokenEndpointAuthMethods ?? DEFAULT_METHODS;
  const pre = facts.setup.preRegistered;
  if (pre && clientId === pre.clientId) return pre.clientSecret === undefined ? 'none' : undefined;
  if (clientId !== undefined && isMetadataDocumentUrl(clientId)) return 'none';
  const registration = registrations.at(-1);
  if (!registration) return undefined;
  const requested = (registration.r.body?.token_endpoint_auth_method ?? 'client_secret_basic') as TokenEndpointAuthMethod;
  return supported.includes(requested) ? requested : supported[0];
}
