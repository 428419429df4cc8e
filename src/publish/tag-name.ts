// Release tags by git's own rules (`git check-ref-format` for `refs/tags/<tag>`): a tag git would
// refuse is refused before any request. Stricter than git in three ways: no Unicode control
// (a bidirectional one makes a tag display as another), no tag `@` (git's short name for HEAD),
// and a length bound.

/** Longer tags are refused: git's loose refs are files, and a file name has 255 bytes at most. */
export const MAX_TAG_LENGTH = 255;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** Why `tag` is not a tag name git and GitHub take (one clause), or undefined when it is. */
export function tagNameProblem(tag: string): string | undefined {
  if (tag === '') return 'is empty';
  if (tag.length > MAX_TAG_LENGTH) return `is longer than ${MAX_TAG_LENGTH} characters`;
  if (CONTROL.test(tag)) return 'contains a control character';
  const bad = [' ', '~', '^', ':', '?', '*', '[', '\\'].find((char) => tag.includes(char));
  if (bad !== undefined) return `contains ${JSON.stringify(bad)}`;
  if (tag.includes('..')) return 'contains ".."';
  if (tag.includes('@{')) return 'contains "@{"';
  if (tag === '@') return 'is "@"';
  if (tag.startsWith('/') || tag.endsWith('/') || tag.includes('//')) {
    return 'has an empty part between slashes';
  }
  if (tag.endsWith('.')) return 'ends with "."';
  const parts = tag.split('/');
  if (parts.some((part) => part.startsWith('.'))) return 'has a part starting with "."';
  if (parts.some((part) => part.endsWith('.lock'))) return 'has a part ending with ".lock"';
  return undefined;
}
