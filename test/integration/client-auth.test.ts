// Client authorization beyond discovery and PKCE, end to end: step-up on 403 insufficient_scope and
// its retry limit, pre-registered clients and the token endpoint's client authentication, Client ID
// Metadata Documents, application_type in registration, the 2026-07-28 issuer and refresh-token checks,
// protected resource metadata about another resource, the move to a new authorization server, and the
// OAuth Client Credentials and Enterprise-Managed Authorization extensions. Each
// planted defect of the mini client (test/fixtures/clients/README.md) must be caught by its exact
// scenario, rule and verdict, and nothing else of that cell may fail.
import { describe, expect, it } from 'vitest';
import type { Revision } from '../../schema/revisions.js';
import { inPool, runClient } from './run-in-process.js';

/** An --auth client run in this process (run-in-process.ts). */
const runAuth = (command: string, scenarios: string[], revision?: Revision) =>
  runClient({ command, auth: true, scenarios, ...(revision ? { revisions: [revision] } : {}) });

const MINI = 'node test/fixtures/clients/mini-client.mjs';

const DEFECTS = [
  { defect: 'auth-ignore-403', revision: '2025-11-25', scenario: 'client/auth-step-up', rule: 'client.auth.step-up', status: 'warning' },
  {
    defect: 'auth-echo-scope',
    revision: '2026-07-28',
    scenario: 'client/auth-step-up-scope-union',
    rule: 'client.auth.step-up-scope-union',
    status: 'warning',
  },
  { defect: 'auth-no-retry-limit', revision: '2025-11-25', scenario: 'client/auth-retry-limit', rule: 'client.auth.retry-limit', status: 'warning' },
  {
    defect: 'auth-register-first',
    revision: '2025-11-25',
    scenario: 'client/auth-pre-registered',
    rule: 'client.auth.pre-registered-client',
    status: 'warning',
  },
  {
    defect: 'auth-wrong-auth-method',
    revision: '2026-07-28',
    scenario: 'client/auth-pre-registered',
    rule: 'client.auth.token-endpoint-auth-method',
    status: 'warning',
  },
  {
    defect: 'auth-wrong-auth-method',
    revision: '2025-06-18',
    scenario: 'client/auth-token-endpoint-post',
    rule: 'client.auth.token-endpoint-auth-method',
    status: 'warning',
  },
  { defect: 'auth-no-cimd', revision: '2025-11-25', scenario: 'client/auth-cimd', rule: 'client.auth.cimd-preferred', status: 'warning' },
  { defect: 'auth-cimd-http-url', revision: '2026-07-28', scenario: 'client/auth-cimd', rule: 'client.auth.cimd-url-form', status: 'failed' },
  {
    defect: 'auth-no-application-type',
    revision: '2026-07-28',
    scenario: 'client/auth-registration-application-type',
    rule: 'client.auth.registration-application-type',
    status: 'failed',
  },
  { defect: 'auth-ignore-iss', revision: '2026-07-28', scenario: 'client/auth-iss-wrong', rule: 'client.auth.iss-validated', status: 'failed' },
  { defect: 'auth-ignore-iss', revision: '2026-07-28', scenario: 'client/auth-iss-missing', rule: 'client.auth.iss-validated', status: 'failed' },
  { defect: 'auth-ignore-iss', revision: '2026-07-28', scenario: 'client/auth-iss-unadvertised-wrong', rule: 'client.auth.iss-validated', status: 'failed' },
  { defect: 'auth-normalize-iss', revision: '2026-07-28', scenario: 'client/auth-iss-normalized', rule: 'client.auth.iss-validated', status: 'failed' },
  {
    defect: 'auth-trust-metadata-issuer',
    revision: '2026-07-28',
    scenario: 'client/auth-metadata-issuer-mismatch',
    rule: 'client.auth.metadata-issuer-validated',
    status: 'failed',
  },
  {
    defect: 'auth-assume-refresh',
    revision: '2026-07-28',
    scenario: 'client/auth-refresh-not-issued',
    rule: 'client.auth.refresh-not-assumed',
    status: 'failed',
  },
  {
    defect: 'auth-no-refresh-grant-type',
    revision: '2026-07-28',
    scenario: 'client/auth-offline-access-advertised',
    rule: 'client.auth.refresh-grant-type',
    status: 'warning',
  },
  {
    defect: 'auth-offline-access-unadvertised',
    revision: '2026-07-28',
    scenario: 'client/auth-offline-access-not-advertised',
    rule: 'client.auth.offline-access-when-advertised',
    status: 'warning',
  },
  {
    defect: 'auth-require-iss',
    revision: '2026-07-28',
    scenario: 'client/auth-iss-not-advertised',
    rule: 'client.auth.iss-absence-accepted',
    status: 'warning',
  },
  {
    defect: 'auth-ignore-metadata-resource',
    revision: '2025-06-18',
    scenario: 'client/auth-resource-mismatch',
    rule: 'client.auth.metadata-resource-validated',
    status: 'warning',
  },
  {
    defect: 'auth-reuse-client-across-servers',
    revision: '2026-07-28',
    scenario: 'client/auth-authorization-server-migration',
    rule: 'client.auth.authorization-server-binding',
    status: 'failed',
  },
  {
    defect: 'auth-prereg-reuse-after-move',
    revision: '2026-07-28',
    scenario: 'client/auth-pre-registered-moved',
    rule: 'client.auth.pre-registered-binding',
    status: 'warning',
  },
] as const;

/** The OAuth Client Credentials extension's defects (machine client: its secret or its private key in MCP_CONFORM_AUTH_CONTEXT). */
const BASIC = 'client/auth-client-credentials-basic';
const JWT = 'client/auth-client-credentials-jwt';
const DECLARED = 'client/auth-client-credentials-declared';
const EXPIRY = 'client/auth-client-credentials-expiry';
const CLIENT_CREDENTIALS_DEFECTS = [
  { defect: 'auth-cc-wrong-grant', revision: '2025-11-25', scenario: BASIC, rule: 'client.auth.client-credentials.grant-type', status: 'failed' },
  { defect: 'auth-cc-no-secret', revision: '2025-06-18', scenario: BASIC, rule: 'client.auth.client-credentials.client-authentication', status: 'failed' },
  { defect: 'auth-cc-no-resource', revision: '2026-07-28', scenario: JWT, rule: 'client.auth.resource-parameter', status: 'failed' },
  { defect: 'auth-cc-jwt-wrong-aud', revision: '2025-11-25', scenario: JWT, rule: 'client.auth.client-credentials.jwt-assertion', status: 'failed' },
  { defect: 'auth-cc-jwt-expired', revision: '2026-07-28', scenario: JWT, rule: 'client.auth.client-credentials.jwt-assertion', status: 'failed' },
  { defect: 'auth-cc-jwt-unsigned', revision: '2025-06-18', scenario: JWT, rule: 'client.auth.client-credentials.jwt-assertion', status: 'failed' },
  { defect: 'auth-cc-undeclared', revision: '2026-07-28', scenario: DECLARED, rule: 'client.auth.client-credentials.declared', status: 'warning' },
  { defect: 'auth-cc-no-renewal', revision: '2025-11-25', scenario: EXPIRY, rule: 'client.auth.client-credentials.token-renewal', status: 'warning' },
] as const;

interface Planted {
  defect: string;
  revision: Revision;
  scenario: string;
}

/** Each defect in its own run of its one cell, four at a time; returns every check of the cell that did not pass. */
async function plant(defects: readonly Planted[]) {
  const runs = await inPool(
    4,
    defects.map((d) => () => runAuth(`${MINI} --defect ${d.defect} {url}`, [d.scenario], d.revision)),
  );
  return runs.map((run, i) => {
    const d = defects[i]!;
    const cell = run.report.scenarios.find((s) => s.id === d.scenario && s.revision === d.revision);
    return {
      defect: d.defect,
      scenario: d.scenario,
      revision: d.revision,
      findings: (cell?.checks ?? []).filter((c) => c.status !== 'passed' && c.status !== 'skipped').map((c) => `${c.rule} ${c.status}`),
    };
  });
}

describe('client authorization: the SDK example clients', () => {
  it('SDK 1.x answers a scope challenge with a refresh, not a step-up (warning); SDK 2.x steps up and keeps its scope', async () => {
    const [v1, v2] = await Promise.all([
      runAuth('node examples/clients/sdk-client.mjs {url}', ['client/auth-step-up'], '2025-11-25'),
      runAuth('node examples/clients/sdk2-client.mjs {url}', ['client/auth-step-up', 'client/auth-step-up-scope-union'], '2026-07-28'),
    ]);
    const stepUp = (run: typeof v1) =>
      run.report.scenarios.flatMap((s) => s.checks.filter((c) => c.rule.startsWith('client.auth.')).map((c) => `${s.id} ${c.rule} ${c.status}`));
    expect(stepUp(v1)).toEqual(['client/auth-step-up client.auth.step-up warning']);
    expect(v1.report.scenarios[0]?.checks.find((c) => c.rule === 'client.auth.step-up')?.message).toMatch(/refreshed its token instead/);
    expect(stepUp(v2)).toEqual(['client/auth-step-up client.auth.step-up passed', 'client/auth-step-up-scope-union client.auth.step-up-scope-union passed']);
  }, 120_000);

  it('both SDKs refuse metadata about another resource; SDK 2.x accepts a response without unadvertised iss and registers again after a move', async () => {
    const [v1, v2] = await Promise.all([
      runAuth('node examples/clients/sdk-client.mjs {url}', ['client/auth-resource-mismatch'], '2025-11-25'),
      runAuth(
        'node examples/clients/sdk2-client.mjs {url}',
        ['client/auth-resource-mismatch', 'client/auth-iss-not-advertised', 'client/auth-authorization-server-migration'],
        '2026-07-28',
      ),
    ]);
    const verdicts = (run: typeof v1) =>
      run.report.scenarios.flatMap((s) => s.checks.filter((c) => c.rule.startsWith('client.auth.')).map((c) => `${s.id} ${c.rule} ${c.status}`)).sort();
    expect(verdicts(v1)).toEqual(['client/auth-resource-mismatch client.auth.metadata-resource-validated passed']);
    expect(verdicts(v2)).toEqual([
      'client/auth-authorization-server-migration client.auth.authorization-server-binding passed',
      'client/auth-iss-not-advertised client.auth.iss-absence-accepted passed',
      'client/auth-resource-mismatch client.auth.metadata-resource-validated passed',
    ]);
  }, 120_000);
});

describe('client authorization: pre-registered credentials of an authorization server the MCP server has left', () => {
  const MOVED = 'client/auth-pre-registered-moved';
  const binding = (run: Awaited<ReturnType<typeof runAuth>>) =>
    run.report.scenarios.flatMap((s) => s.checks.filter((c) => c.rule === 'client.auth.pre-registered-binding').map((c) => `${c.status}: ${c.message}`));

  it('the mini client reports the mismatch and stops; one that registers anew passes too; one that never authorizes is skipped', async () => {
    const [correct, registers, noOAuth] = await Promise.all([
      runAuth(`${MINI} {url}`, [MOVED], '2026-07-28'),
      // It ignores the pre-registered client altogether and registers with the server the metadata names.
      runAuth(`${MINI} --defect auth-ignore-preregistered {url}`, [MOVED], '2026-07-28'),
      runAuth(`${MINI} --defect no-oauth {url}`, [MOVED], '2026-07-28'),
    ]);
    expect(binding(correct)).toEqual([expect.stringMatching(/^passed: after reading the protected resource metadata .* presented nothing/)]);
    expect(binding(registers)).toEqual([expect.stringMatching(/^passed: the client registered anew with/)]);
    expect(binding(noOAuth)).toEqual([expect.stringMatching(/^skipped: the client never read the protected resource metadata/)]);
  }, 120_000);

  it('both SDKs, given the issuer with the pre-registered client (the example provider stamps it), register anew at the new server', async () => {
    const [v1, v2] = await Promise.all([
      runAuth('node examples/clients/sdk-client.mjs {url}', [MOVED], '2026-07-28'),
      runAuth('node examples/clients/sdk2-client.mjs {url}', [MOVED], '2026-07-28'),
    ]);
    for (const run of [v1, v2]) expect(binding(run)).toEqual([expect.stringMatching(/^passed: the client registered anew with/)]);
  }, 120_000);
});

describe('client authorization: the OAuth Client Credentials extension', () => {
  it('each planted defect of the machine client is caught by its scenario, rule and verdict alone', async () => {
    const expected = CLIENT_CREDENTIALS_DEFECTS.map((d) => ({
      defect: d.defect,
      scenario: d.scenario,
      revision: d.revision,
      findings: [`${d.rule} ${d.status}`],
    }));
    expect(await plant(CLIENT_CREDENTIALS_DEFECTS)).toEqual(expected);
  }, 120_000);

  it('the correct mini client passes the four scenarios at every revision, each rule with a verdict', async () => {
    const run = await runAuth(`${MINI} {url}`, [BASIC, JWT, DECLARED, EXPIRY]);
    const verdicts = run.report.scenarios.map(
      (s) =>
        `${s.id} ${s.revision} ${s.status} ${s.checks
          .filter((c) => c.rule.startsWith('client.auth.'))
          .map((c) => c.status)
          .join(',')}`,
    );
    expect(verdicts).toEqual([
      ...['2025-06-18', '2025-11-25', '2026-07-28'].map((r) => `${BASIC} ${r} passed passed,passed,passed,passed`),
      `${DECLARED} 2026-07-28 passed passed`,
      ...['2025-06-18', '2025-11-25', '2026-07-28'].map((r) => `${EXPIRY} ${r} passed passed`),
      ...['2025-06-18', '2025-11-25', '2026-07-28'].map((r) => `${JWT} ${r} passed passed,passed,passed,passed,passed`),
    ]);
  }, 120_000);

  it('even with --auth, a client that does not use the client credentials grant is skipped with the reason, never failed', async () => {
    const [plain, noOAuth] = await Promise.all([
      // An authorization code client: it ignores the machine credentials and finds no registration endpoint.
      runAuth(`${MINI} --defect auth-ignore-preregistered {url}`, [BASIC], '2025-11-25'),
      runAuth(`${MINI} --defect no-oauth {url}`, [JWT], '2026-07-28'),
    ]);
    for (const run of [plain, noOAuth]) {
      expect(run.report.scenarios.map((s) => s.status)).toEqual(['skipped']);
      expect(run.report.scenarios[0]!.skipReason).toMatch(/did not use the client credentials grant .* is opt-in/);
    }
  }, 120_000);

  it("the SDK example clients pass with the SDKs' ClientCredentialsProvider and PrivateKeyJwtProvider (1.x at 2025-11-25, 2.x at 2026-07-28)", async () => {
    const [v1, v2] = await Promise.all([
      runAuth('node examples/clients/sdk-client.mjs {url}', [BASIC, JWT, EXPIRY], '2025-11-25'),
      // It declares the extension in its capabilities, as the guide asks; the SDK carries that into every request's _meta.
      runAuth('node examples/clients/sdk2-client.mjs {url}', [BASIC, JWT, DECLARED, EXPIRY], '2026-07-28'),
    ]);
    for (const run of [v1, v2]) {
      const checks = run.report.scenarios.flatMap((s) => s.checks.filter((c) => c.rule.startsWith('client.auth.')).map((c) => `${s.id} ${c.rule} ${c.status}`));
      expect(checks.filter((c) => !c.endsWith(' passed'))).toEqual([]);
      expect(checks).toContain(`${JWT} client.auth.client-credentials.jwt-assertion passed`);
      expect(run.report.scenarios.every((s) => s.status === 'passed')).toBe(true);
    }
    expect(v2.report.scenarios.map((s) => s.id)).toEqual([BASIC, DECLARED, EXPIRY, JWT]);
    expect(v1.report.scenarios.map((s) => s.id)).toEqual([BASIC, EXPIRY, JWT]);
  }, 120_000);
});

describe('client authorization: planted defects', () => {
  it('each step-up, client identity and issuer defect is caught by its scenario, rule and verdict alone', async () => {
    const expected = DEFECTS.map((d) => ({ defect: d.defect, scenario: d.scenario, revision: d.revision, findings: [`${d.rule} ${d.status}`] }));
    expect(await plant(DEFECTS)).toEqual(expected);
  }, 360_000);

  it('a correct client program that leaves the step undone is skipped with what was observed, never warned', async () => {
    const cells = [
      // It never hands the pre-registered credentials to its library, which registers (where it cannot).
      {
        mode: 'auth-ignore-preregistered',
        scenario: 'client/auth-pre-registered',
        revision: '2025-11-25',
        reason: /never presented the pre-registered client/,
      },
      // It follows the authorization URL in mid-session but never redeems the code.
      { mode: 'step-up-unfinished', scenario: 'client/auth-step-up', revision: '2025-11-25', reason: /never redeemed its code: the program must finish/ },
      // It never meets the 403: it calls no tool.
      { mode: 'list-only', scenario: 'client/auth-step-up', revision: '2026-07-28', reason: /never met a 403/ },
      // It never takes the code from the redirect.
      { mode: 'no-code-exchange', scenario: 'client/auth-iss-not-advertised', revision: '2026-07-28', reason: /sent nothing after the authorization response/ },
    ] as const;
    const runs = await inPool(
      4,
      cells.map((c) => () => runAuth(`${MINI} --defect ${c.mode} {url}`, [c.scenario], c.revision)),
    );
    runs.forEach((run, i) => {
      const cell = run.report.scenarios[0]!;
      expect(`${cell.id} ${cell.status}`).toBe(`${cells[i]!.scenario} skipped`);
      expect(cell.skipReason).toMatch(cells[i]!.reason);
      expect(run.report.summary.warnings).toBe(0);
    });
  }, 120_000);

  it('a client that refreshes on 403 warns in auth-step-up, and auth-step-up-scope-union (no refresh tokens) judges the scope it then asks for', async () => {
    const command = `${MINI} --defect auth-refresh-on-403 {url}`;
    const [stepUp, union] = await Promise.all([
      runAuth(command, ['client/auth-step-up'], '2025-11-25'),
      runAuth(command, ['client/auth-step-up-scope-union'], '2026-07-28'),
    ]);
    const stepUpCheck = stepUp.report.scenarios[0]?.checks.find((c) => c.rule === 'client.auth.step-up');
    expect(stepUpCheck?.status).toBe('warning');
    expect(stepUpCheck?.message).toMatch(/refreshed its token instead/);
    expect(union.report.scenarios[0]?.checks.find((c) => c.rule === 'client.auth.step-up-scope-union')?.status).toBe('passed');
  }, 120_000);

  it('the correct mini client passes every new authorization scenario with a verdict, not a skip', async () => {
    const scenarios = [...new Set(DEFECTS.map((d) => d.scenario))];
    const run = await runAuth(`${MINI} {url}`, scenarios);
    const cells = run.report.scenarios;
    expect(cells.filter((s) => s.status !== 'passed').map((s) => `${s.id} ${s.revision} ${s.status}`)).toEqual([]);
    for (const d of DEFECTS) {
      const cell = cells.find((s) => s.id === d.scenario && s.revision === d.revision);
      expect(cell?.checks.find((c) => c.rule === d.rule)?.status, `${d.scenario} ${d.revision} ${d.rule}`).toBe('passed');
    }
    expect(run.code).toBe(0);
  }, 120_000);
});

const ENTERPRISE = 'client/auth-enterprise-managed';
/** Each defect of the enterprise-managed client, with every check of its cell that does not pass. */
const ENTERPRISE_DEFECTS = [
  { defect: 'auth-ema-wrong-token-type', revision: '2025-11-25', findings: ['client.auth.enterprise-managed.token-exchange failed'] },
  { defect: 'auth-ema-wrong-audience', revision: '2026-07-28', findings: ['client.auth.enterprise-managed.token-exchange-target failed'] },
  { defect: 'auth-ema-no-resource', revision: '2025-06-18', findings: ['client.auth.enterprise-managed.token-exchange-target failed'] },
  // It skips the identity provider and presents the ID token itself: no exchange, and no ID-JAG as the grant.
  {
    defect: 'auth-ema-id-token-to-as',
    revision: '2025-11-25',
    findings: ['client.auth.enterprise-managed.token-exchange failed', 'client.auth.enterprise-managed.jwt-bearer-grant failed'],
  },
  { defect: 'auth-ema-no-client-auth', revision: '2026-07-28', findings: ['client.auth.enterprise-managed.client-authentication warning'] },
] as const;

describe('client authorization: the Enterprise-Managed Authorization extension', () => {
  it('each planted defect of the enterprise-managed client is caught by its rule and verdict, and nothing else of its cell', async () => {
    const found = await plant(ENTERPRISE_DEFECTS.map((d) => ({ defect: d.defect, revision: d.revision, scenario: ENTERPRISE })));
    expect(found).toEqual(ENTERPRISE_DEFECTS.map((d) => ({ defect: d.defect, scenario: ENTERPRISE, revision: d.revision, findings: [...d.findings] })));
  }, 120_000);

  it('the correct mini client passes at every revision, each rule with a verdict', async () => {
    const run = await runAuth(`${MINI} {url}`, [ENTERPRISE]);
    const verdicts = run.report.scenarios.map(
      (s) =>
        `${s.revision} ${s.status} ${s.checks
          .filter((c) => c.rule.startsWith('client.auth.'))
          .map((c) => `${c.rule} ${c.status}`)
          .join(', ')}`,
    );
    const rules = [
      'client.auth.enterprise-managed.token-exchange',
      'client.auth.enterprise-managed.token-exchange-target',
      'client.auth.enterprise-managed.jwt-bearer-grant',
      'client.auth.enterprise-managed.client-authentication',
      'client.auth.bearer-header',
    ];
    expect(verdicts).toEqual(['2025-06-18', '2025-11-25', '2026-07-28'].map((r) => `${r} passed ${rules.map((rule) => `${rule} passed`).join(', ')}`));
  }, 120_000);

  it('even with --auth, a client that tries neither the token exchange nor the JWT grant is skipped with the reason, never failed', async () => {
    const [plain, noOAuth] = await Promise.all([
      // An authorization code client: the authorization server refuses it the authorization endpoint.
      runAuth(`${MINI} --defect auth-ignore-preregistered {url}`, [ENTERPRISE], '2025-11-25'),
      runAuth(`${MINI} --defect no-oauth {url}`, [ENTERPRISE], '2026-07-28'),
    ]);
    for (const run of [plain, noOAuth]) {
      expect(run.report.scenarios.map((s) => s.status)).toEqual(['skipped']);
      expect(run.report.scenarios[0]!.skipReason).toMatch(/no token exchange request .*enterprise-managed-authorization\) is opt-in/);
    }
  }, 120_000);

  it('SDK 2.x passes with its CrossAppAccessProvider and requestJwtAuthorizationGrant; SDK 1.x has no such provider and is skipped', async () => {
    const [v1, v2] = await Promise.all([
      runAuth('node examples/clients/sdk-client.mjs {url}', [ENTERPRISE], '2025-11-25'),
      runAuth('node examples/clients/sdk2-client.mjs {url}', [ENTERPRISE], '2026-07-28'),
    ]);
    expect(v1.report.scenarios.map((s) => s.status)).toEqual(['skipped']);
    expect(v2.report.scenarios.map((s) => s.status)).toEqual(['passed']);
    const checks = v2.report.scenarios[0]!.checks.filter((c) => c.rule.startsWith('client.auth.')).map((c) => `${c.rule} ${c.status}`);
    expect(checks).toEqual([
      'client.auth.enterprise-managed.token-exchange passed',
      'client.auth.enterprise-managed.token-exchange-target passed',
      'client.auth.enterprise-managed.jwt-bearer-grant passed',
      'client.auth.enterprise-managed.client-authentication passed',
      'client.auth.bearer-header passed',
    ]);
  }, 120_000);
});
