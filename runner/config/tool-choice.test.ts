import { describe, expect, it } from 'vitest';
import { declaredHarmless, DEFAULT_TOOL_CHOICE, mayCall, userArguments, withDeclarationsOf } from './tool-choice.js';

describe('the tool choice', () => {
  it('reads the annotations as the spec defines them: unannotated is destructive', () => {
    expect(declaredHarmless({ name: 'a' })).toBe(false);
    expect(declaredHarmless({ name: 'a', annotations: {} })).toBe(false);
    expect(declaredHarmless({ name: 'a', annotations: { readOnlyHint: true } })).toBe(true);
    // destructiveHint is meaningful only when readOnlyHint is false, and false means additive only.
    expect(declaredHarmless({ name: 'a', annotations: { readOnlyHint: false, destructiveHint: false } })).toBe(true);
    expect(declaredHarmless({ name: 'a', annotations: { readOnlyHint: false } })).toBe(false);
    expect(declaredHarmless({ name: 'a', annotations: { readOnlyHint: 'yes' } })).toBe(false);
    expect(mayCall({ name: 'a' }, DEFAULT_TOOL_CHOICE)).toBe(false);
    expect(mayCall({ name: 'a' }, { ...DEFAULT_TOOL_CHOICE, scope: 'all' })).toBe(true);
  });

  it('takes a declaration from another listing only when no listing calls the tool destructive', () => {
    const choice = withDeclarationsOf(DEFAULT_TOOL_CHOICE, [
      [{ name: 'a' }, { name: 'b' }],
      [
        { name: 'a', annotations: { readOnlyHint: true } },
        { name: 'b', annotations: { readOnlyHint: true } },
      ],
      [{ name: 'b', annotations: { destructiveHint: true } }],
    ]);
    expect(mayCall({ name: 'a' }, choice)).toBe(true);
    expect(mayCall({ name: 'b' }, choice)).toBe(false);
  });

  it("gives the first of the user's argument objects, as a copy", () => {
    const choice = { ...DEFAULT_TOOL_CHOICE, arguments: { echo: [{ message: 'one' }, { message: 'two' }] } };
    const got = userArguments(choice, 'echo');
    expect(got).toEqual({ message: 'one' });
    got!.message = 'changed';
    expect(userArguments(choice, 'echo')).toEqual({ message: 'one' });
    expect(userArguments(choice, 'add')).toBeUndefined();
    expect(userArguments(choice, 'constructor')).toBeUndefined();
  });
});
