// The JSON parts of a compact JWT, as the mock authorization server reads and writes them, and how
// a claim is quoted in a refusal. Shared by the client assertion and ID-JAG checks.

/** Clock skew allowed on a JWT's `exp`, `iat` and `nbf` (seconds). */
export const JWT_CLOCK_SKEW_SECONDS = 30;

/** A JSON value as one base64url part of a JWT. */
export function encodeJwtPart(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

/** The JSON object a base64url JWT part holds, or undefined when it holds none. */
export function decodeJwtPart(part: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A claim's value as a refusal quotes it. */
export const showClaim = (value: unknown): string => (value === undefined ? '(absent)' : JSON.stringify(value));
