import { describe, expect, it } from 'vitest';
import { pickCanonical } from '../../src/publish/release-find.ts';
import { publishDecision } from '../../src/publish/release.ts';

describe('publishDecision', () => {
  const ok = { allBuildsSucceeded: true, failedUploads: 0, keepDraft: false, isDraft: true };

  it('publishes a complete draft', () => {
    expect(publishDecision(ok)).toEqual({ publish: true });
  });

  it.each([
    [{ allBuildsSucceeded: false }, /a build failed/],
    [{ failedUploads: 2 }, /2 upload\(s\) did not land/],
    [{ keepDraft: true }, /release-draft is true/],
    [{ isDraft: false }, /already published/],
  ])('keeps the draft when %o', (change, reason) => {
    const decision = publishDecision({ ...ok, ...change });
    expect(decision.publish).toBe(false);
    expect(decision.publish === false && decision.reason).toMatch(reason);
  });
});

describe('pickCanonical', () => {
  it('prefers the published release, else the oldest draft, whatever the order', () => {
    expect(
      pickCanonical([
        { id: 9, draft: true },
        { id: 4, draft: true },
      ])?.id,
    ).toBe(4);
    expect(
      pickCanonical([
        { id: 2, draft: true },
        { id: 7, draft: false },
        { id: 5, draft: true },
      ])?.id,
    ).toBe(7);
    expect(pickCanonical([])).toBeUndefined();
  });
});
