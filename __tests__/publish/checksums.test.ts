import { describe, expect, it } from 'vitest';
import {
  coversChecksums,
  mergeChecksums,
  parseChecksums,
  renderChecksums,
} from '../../src/publish/checksums.ts';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const C = 'c'.repeat(64);

describe('SHA256SUMS', () => {
  it('parses sha256sum output in text and binary mode and skips other lines', () => {
    const sums = parseChecksums(
      `${A}  MyApp.dmg\r\n${B.toUpperCase()} *My App.exe\n# note\n\nbad line\n`,
    );
    expect([...sums]).toEqual([
      ['MyApp.dmg', A],
      ['My App.exe', B],
    ]);
  });

  it('renders sorted lines that sha256sum -c reads, and round-trips', () => {
    const text = renderChecksums(
      new Map([
        ['b.exe', B],
        ['a.dmg', A],
      ]),
    );
    expect(text).toBe(`${A}  a.dmg\n${B}  b.exe\n`);
    expect(parseChecksums(text)).toEqual(
      new Map([
        ['a.dmg', A],
        ['b.exe', B],
      ]),
    );
  });

  it('merges by file name, the later list winning for a rebuilt file', () => {
    const existing = new Map([
      ['a.dmg', A],
      ['b.exe', B],
    ]);
    const ours = new Map([
      ['b.exe', C],
      ['c.AppImage', C],
    ]);
    expect(mergeChecksums(existing, ours)).toEqual(
      new Map([
        ['a.dmg', A],
        ['b.exe', C],
        ['c.AppImage', C],
      ]),
    );
  });

  it('tells whether a file already holds every wanted line', () => {
    const whole = new Map([
      ['a.dmg', A],
      ['b.exe', B],
    ]);
    expect(coversChecksums(whole, new Map([['a.dmg', A]]))).toBe(true);
    expect(coversChecksums(whole, new Map([['a.dmg', B]]))).toBe(false);
    expect(coversChecksums(whole, new Map([['c', C]]))).toBe(false);
  });
});
