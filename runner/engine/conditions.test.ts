import { describe, expect, it } from 'vitest';
import { picksToolToCall, ruledOutBeforeRun, whyNot, type ConditionScope } from './conditions.js';
import type { TargetProfile } from './profile.js';

const profile = { capabilities: { tools: {}, logging: {} }, tools: [], resources: [], resourceTemplates: [], prompts: [] } as unknown as TargetProfile;
const scope: ConditionScope = { revision: '2025-06-18', transport: 'stdio', vars: {}, profile };

describe('allOf and anyOf conditions', () => {
  it('allOf holds only when every member holds, and reports the first that does not', () => {
    expect(whyNot({ allOf: [{ capability: 'tools' }, { revision: '>=2025-06-18' }] }, scope)).toBeUndefined();
    expect(whyNot({ allOf: [{ capability: 'tools' }, { capability: 'prompts' }] }, scope)).toContain('`prompts`');
  });

  it('anyOf holds when one member holds, and otherwise gives every reason', () => {
    expect(whyNot({ anyOf: [{ capability: 'prompts' }, { capability: 'logging' }] }, scope)).toBeUndefined();
    const reason = whyNot({ anyOf: [{ capability: 'prompts' }, { revision: '2026-07-28' }] }, scope);
    expect(reason).toContain('`prompts`');
    expect(reason).toContain('outside 2026-07-28');
  });
});

describe('authorization conditions', () => {
  const auth = (minted: boolean) => ({
    source: minted ? 'mock' : 'token',
    token: 't',
    resource: 'http://127.0.0.1:1/mcp',
    metadataPathUrl: 'http://127.0.0.1:1/.well-known/oauth-protected-resource/mcp',
    metadataRootUrl: 'http://127.0.0.1:1/.well-known/oauth-protected-resource',
    ...(minted ? { minted: { issuer: 'http://127.0.0.1:2', otherAudience: 'a', expired: 'e', noScope: 'n' } } : {}),
  });

  it('tells a run without authorization flags how to opt in', () => {
    expect(whyNot({ authorization: 'token' }, scope)).toMatch(/^authorization not requested: pass --auth-token .* or --auth-mock/);
    expect(whyNot({ authorization: 'minted' }, scope)).toMatch(/^authorization not requested/);
  });

  it('holds for a given token, and for minted tokens only with the mock authorization server', () => {
    expect(whyNot({ authorization: 'token' }, { ...scope, vars: { auth: auth(false) } })).toBeUndefined();
    expect(whyNot({ authorization: 'minted' }, { ...scope, vars: { auth: auth(false) } })).toContain('--auth-mock');
    expect(whyNot({ authorization: 'minted' }, { ...scope, vars: { auth: auth(true) } })).toBeUndefined();
  });
});

describe('resourceUrls', () => {
  it('derives both well-known metadata URLs and every resource value naming the endpoint', async () => {
    const { resourceUrls } = await import('./authorization-context.js');
    expect(resourceUrls('http://127.0.0.1:3000/api/mcp')).toEqual({
      metadataPathUrl: 'http://127.0.0.1:3000/.well-known/oauth-protected-resource/api/mcp',
      metadataRootUrl: 'http://127.0.0.1:3000/.well-known/oauth-protected-resource',
      acceptedResources: [
        'http://127.0.0.1:3000/api/mcp',
        'http://127.0.0.1:3000/api/mcp/',
        'http://127.0.0.1:3000/api',
        'http://127.0.0.1:3000/api/',
        'http://127.0.0.1:3000',
        'http://127.0.0.1:3000/',
      ],
    });
  });
});

describe('extension and value conditions', () => {
  const withExtensions = {
    ...profile,
    capabilities: { extensions: { 'io.modelcontextprotocol/tasks': {}, 'dev.example/off': null } },
  } as unknown as TargetProfile;

  it('extension holds when capabilities.extensions has a settings object under that id', () => {
    expect(whyNot({ extension: 'io.modelcontextprotocol/tasks' }, { ...scope, profile: withExtensions })).toBeUndefined();
    expect(whyNot({ extension: 'dev.example/off' }, { ...scope, profile: withExtensions })).toContain('`dev.example/off` extension');
    expect(whyNot({ extension: 'io.modelcontextprotocol/tasks' }, scope)).toContain('does not advertise');
  });

  it('value holds when the evaluated expression matches the pattern', () => {
    const vars = { status: 'working' };
    expect(whyNot({ value: { $var: 'status' }, matches: { $in: ['working', 'input_required'] } }, { ...scope, vars })).toBeUndefined();
    expect(whyNot({ value: { $var: 'status' }, matches: 'completed' }, { ...scope, vars })).toContain('"working"');
    expect(whyNot({ value: { $var: 'missing' }, matches: { $type: 'string' } }, scope)).toContain('undefined');
  });
});

describe('ruledOutBeforeRun', () => {
  it('rules out what fails on the revision or the profile alone', () => {
    expect(ruledOutBeforeRun({ capability: 'prompts' }, scope)).toBe(true);
    expect(ruledOutBeforeRun({ revision: '>=2026-07-28' }, scope)).toBe(true);
    expect(ruledOutBeforeRun({ allOf: [{ capability: 'tools' }, { not: { capability: 'tools' } }] }, scope)).toBe(true);
    expect(ruledOutBeforeRun({ capability: 'tools' }, scope)).toBe(false);
  });

  it('rules out nothing that depends on values a step stores', () => {
    expect(ruledOutBeforeRun({ defined: 'init' }, scope)).toBe(false);
    expect(ruledOutBeforeRun({ not: { defined: 'init' } }, scope)).toBe(false);
    // allOf with an undecided part is undecided unless another part fails; anyOf the other way round.
    expect(ruledOutBeforeRun({ allOf: [{ capability: 'tools' }, { defined: 'init' }] }, scope)).toBe(false);
    expect(ruledOutBeforeRun({ allOf: [{ capability: 'prompts' }, { defined: 'init' }] }, scope)).toBe(true);
    expect(ruledOutBeforeRun({ anyOf: [{ capability: 'prompts' }, { defined: 'init' }] }, scope)).toBe(false);
    expect(ruledOutBeforeRun({ anyOf: [{ capability: 'prompts' }, { revision: '2024-11-05' }] }, scope)).toBe(true);
  });

  it("binds a pick's variable in the variables it is given, as the run would", () => {
    const vars: Record<string, unknown> = {};
    const echo = { name: 'echo', annotations: { readOnlyHint: true } };
    const withTool = { ...profile, tools: [echo] } as unknown as TargetProfile;
    expect(ruledOutBeforeRun({ pick: 'tool', from: 'tools' }, { ...scope, vars, profile: withTool })).toBe(false);
    expect(vars).toEqual({ tool: echo });
    expect(ruledOutBeforeRun({ pick: 'tool', from: 'tools' }, scope)).toBe(true);
  });
});

describe('a negated condition that holds', () => {
  it('says in words what the target or cell is, not the condition as JSON', () => {
    expect(whyNot({ not: { capability: 'tools' } }, scope)).toBe('the target advertises the `tools` capability');
    expect(whyNot({ not: { revision: '>=2025-06-18' } }, scope)).toBe('revision 2025-06-18 is within >=2025-06-18');
    expect(whyNot({ not: { defined: 'x' } }, { ...scope, vars: { x: 1 } })).toBe('`x` is set');
    expect(whyNot({ not: { not: { capability: 'prompts' } } }, scope)).toContain('does not advertise the `prompts` capability');
  });
});

describe('a pick of a tool to call (safe by default)', () => {
  const tools = [
    { name: 'send-mail' },
    { name: 'wipe', annotations: { destructiveHint: true } },
    { name: 'append', annotations: { destructiveHint: false } },
    { name: 'search', annotations: { readOnlyHint: true } },
  ];
  const withTools = (list: unknown[]) => ({ ...profile, tools: list }) as unknown as TargetProfile;
  const pick = (list: unknown[], extra: Partial<ConditionScope> = {}, condition: Record<string, unknown> = {}) => {
    const vars: Record<string, unknown> = {};
    const reason = whyNot({ pick: 'tool', from: 'tools', ...condition } as never, { ...scope, vars, profile: withTools(list), ...extra });
    return { reason, name: (vars.tool as { name?: string } | undefined)?.name };
  };

  it('offers only tools declared read-only or non-destructive, by default', () => {
    expect(pick(tools).name).toBe('append');
    expect(pick(tools.slice(0, 2)).reason).toMatch(
      /^none of the target's 2 tools is declared read-only or non-destructive .* --tools all .* --tool NAME .* --tool-args FILE/,
    );
    expect(pick(tools.slice(0, 1)).reason).toMatch(/^the target's only tool is not declared/);
    expect(pick(tools.slice(0, 2), {}, { where: { name: { $regex: 'i' } } }).reason).toMatch(/^none of the target's 2 tools that match/);
  });

  it('offers any tool with scope all, harmless ones first and declared destructive ones last', () => {
    const all = { tools: { scope: 'all' as const, preferred: [], arguments: {} } };
    expect(pick(tools, all).name).toBe('append');
    expect(pick(tools.slice(0, 2), all).name).toBe('send-mail');
    expect(pick(tools.slice(1, 2), all).name).toBe('wipe');
  });

  it('puts the tools the user named first, and lets them be called', () => {
    expect(pick(tools, { tools: { scope: 'declared-safe', preferred: ['search'], arguments: {} } }).name).toBe('search');
    expect(pick(tools, { tools: { scope: 'declared-safe', preferred: ['wipe'], arguments: {} } }).name).toBe('wipe');
    expect(pick(tools.slice(0, 1), { tools: { scope: 'declared-safe', preferred: [], arguments: { 'send-mail': [{ to: 'me' }] } } }).name).toBe('send-mail');
  });

  it('borrows the declaration of another revision only for a tool whose own listing says nothing', () => {
    const elsewhere = { tools: { scope: 'declared-safe' as const, preferred: [], arguments: {}, declaredElsewhere: new Set(['send-mail', 'wipe']) } };
    expect(pick(tools.slice(0, 1), elsewhere).name).toBe('send-mail');
    expect(pick(tools.slice(1, 2), elsewhere).reason).toMatch(/is not declared/);
  });

  it('does not restrict a pick that only inspects the listing (use: listing)', () => {
    expect(pick(tools.slice(0, 2), {}, { use: 'listing' }).name).toBe('send-mail');
    expect(picksToolToCall({ requires: [{ pick: 'tool', from: 'tools' }] })).toBe(true);
    expect(picksToolToCall({ requires: [{ pick: 'prompt', from: 'prompts' }] })).toBe(false);
  });
});
