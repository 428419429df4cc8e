// Release tags by `git check-ref-format`'s rules for refs/tags/<tag>, as written in git's manual.
import { describe, expect, it } from 'vitest';
import { tagNameProblem } from '../../src/publish/tag-name.ts';

describe('tagNameProblem', () => {
  it.each([
    'v1.4.2',
    'v1.4.2-beta.1+build.5',
    'desktop/v1',
    'release-2026_11',
    'v1@2',
    'a.b',
    'ünïcode-tag',
    '-leading-dash',
    'x'.repeat(255),
  ])('takes %j', (tag) => expect(tagNameProblem(tag)).toBeUndefined());

  it.each([
    ['', 'is empty'],
    ['x'.repeat(256), 'is longer than 255 characters'],
    ['v1\n::error title=forged::forged', 'contains a control character'],
    ['v1\r', 'contains a control character'],
    ['v1\u0000', 'contains a control character'],
    ['v1\u007f', 'contains a control character'],
    ['v1\u0085', 'contains a control character'],
    ['v1\u202egpj', 'contains a control character'],
    ['v1 2', 'contains " "'],
    ['v1~1', 'contains "~"'],
    ['v1^', 'contains "^"'],
    ['v1:2', 'contains ":"'],
    ['v1?', 'contains "?"'],
    ['v1*', 'contains "*"'],
    ['v1[0]', 'contains "["'],
    ['v1\\2', 'contains "\\\\"'],
    ['v1..2', 'contains ".."'],
    ['v1@{2}', 'contains "@{"'],
    ['@', 'is "@"'],
    ['/v1', 'has an empty part between slashes'],
    ['v1/', 'has an empty part between slashes'],
    ['a//b', 'has an empty part between slashes'],
    ['v1.', 'ends with "."'],
    ['.v1', 'has a part starting with "."'],
    ['desktop/.v1', 'has a part starting with "."'],
    ['v1.lock', 'has a part ending with ".lock"'],
    ['v1.lock/x', 'has a part ending with ".lock"'],
  ])('refuses %j: %s', (tag, problem) => expect(tagNameProblem(tag)).toBe(problem));
});
