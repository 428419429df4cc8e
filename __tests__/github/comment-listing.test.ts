// GitHub's answers about comments and about the token's account, read at the edge.
import { describe, expect, it } from 'vitest';
import { isLogin, viewerLogin } from '../../src/github/comment-identity.ts';
import { commentOf, commentsOf, markedBy } from '../../src/github/comment-listing.ts';

const MARKER = '<!-- desktop-build-action:pr-preview project=proj_x -->';

describe('the token account', () => {
  it('is the login of GraphQL viewer: a user, or a bot with its [bot] suffix', () => {
    expect(viewerLogin({ viewer: { login: 'github-actions[bot]' } })).toBe('github-actions[bot]');
    expect(viewerLogin({ viewer: { login: 'octo-cat' } })).toBe('octo-cat');
    expect(viewerLogin({ viewer: { login: 'acme-preview-app[bot]' } })).toBe(
      'acme-preview-app[bot]',
    );
  });

  it('is nothing when the answer holds no login-shaped text', () => {
    for (const answer of [
      undefined,
      null,
      {},
      { viewer: null },
      { viewer: { login: 7 } },
      { viewer: { login: '' } },
      { viewer: { login: 'octo\n::error::pwned' } },
      { viewer: { login: '-leading-hyphen' } },
      { viewer: { login: 'a[bot][bot]' } },
      { viewer: { login: 'x'.repeat(120) } },
    ]) {
      expect(viewerLogin(answer), JSON.stringify(answer)).toBeUndefined();
    }
    expect(isLogin('github-actions')).toBe(true);
  });
});

describe('comments as GitHub lists them', () => {
  it('keeps comments with integer ids, and their bodies and authors when they are text', () => {
    expect(
      commentsOf([
        { id: 1, body: 'a', user: { login: 'octocat', type: 'User' } },
        { id: '2', body: 'b', user: { login: 'octocat' } },
        { id: 1.5, body: 'c' },
        { id: -3, body: 'd' },
        { id: 4, body: null, user: null },
        { id: 5, body: 'e', user: { login: 'evil\n::error::x' } },
        null,
        'text',
      ]),
    ).toEqual([
      { id: 1, login: 'octocat', body: 'a' },
      { id: 4, login: undefined, body: '' },
      { id: 5, login: 'evil\n::error::x', body: 'e' },
    ]);
    expect(commentOf({ id: Number.MAX_SAFE_INTEGER + 2 })).toBeUndefined();
  });

  it("takes the first marked comment by the token's account; marked ones by others are strangers", () => {
    const comments = [
      { id: 1, login: 'mallory', body: `${MARKER}\nlooks like ours` },
      { id: 2, login: 'github-actions[bot]', body: 'no marker' },
      { id: 3, login: undefined, body: MARKER },
      { id: 4, login: 'github-actions[bot]', body: `quoted: ${MARKER}` },
      { id: 5, login: 'github-actions[bot]', body: `${MARKER}\nours` },
      { id: 6, login: 'github-actions[bot]', body: `${MARKER}\nalso ours, later` },
    ];
    const { own, strangers } = markedBy(comments, MARKER, 'github-actions[bot]');
    expect(own?.id).toBe(5);
    expect(strangers.map((comment) => comment.id)).toEqual([1, 3]);
    expect(markedBy(comments, MARKER, 'octocat').own).toBeUndefined();
  });
});
