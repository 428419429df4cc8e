import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { changelogSection, planRelease } from '../scripts/release-plan.ts';

const CHANGELOG = `# Changelog

## [Unreleased]

## [1.2.0] - 2026-12-01

### Added

- A thing.

## [1.1.0] - 2026-11-30

- Older.
`;

describe('planRelease', () => {
  it('tags vX.Y.Z, moves vX, and takes the notes from the changelog section', () => {
    expect(planRelease('1.2.0', CHANGELOG)).toEqual({
      plan: { version: '1.2.0', tag: 'v1.2.0', majorTag: 'v1', notes: '### Added\n\n- A thing.' },
    });
    expect(changelogSection(CHANGELOG, '1.1.0')).toBe('- Older.');
  });

  it('refuses a version that is not X.Y.Z or has no changelog section', () => {
    expect(planRelease('1.3', CHANGELOG)).toEqual({
      problems: [
        'package.json version "1.3" is not X.Y.Z',
        'CHANGELOG.md has no non-empty "## [1.3]" section',
      ],
    });
    expect(planRelease('1.3.0', CHANGELOG)).toEqual({
      problems: ['CHANGELOG.md has no non-empty "## [1.3.0]" section'],
    });
    expect(changelogSection(CHANGELOG, 'Unreleased')).toBeUndefined();
  });

  it('holds for the version package.json names now', () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect(planRelease(version, readFileSync('CHANGELOG.md', 'utf8'))).toHaveProperty('plan');
  });
});
