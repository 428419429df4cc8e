import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  fileNameFromContentDisposition,
  fileNameFromUrl,
  isBelow,
  isInside,
  isWindowsReservedName,
  pathInside,
  sanitizeFileName,
} from '../../src/text/file-name.ts';
import { NOT_DEVICES, spellingsOf, WINDOWS_DEVICE_NAMES } from '../support/windows-names.ts';

describe('fileNameFromContentDisposition', () => {
  it('reads a quoted or bare filename', () => {
    expect(fileNameFromContentDisposition('attachment; filename="My App.dmg"')).toBe('My App.dmg');
    expect(fileNameFromContentDisposition('attachment; filename=app.exe')).toBe('app.exe');
    expect(fileNameFromContentDisposition('attachment; FileName="a\\"b.exe"')).toBe('a"b.exe');
  });

  it('prefers filename* (RFC 8187) and decodes UTF-8 and ISO-8859-1', () => {
    expect(
      fileNameFromContentDisposition(
        `attachment; filename="na_ve.dmg"; filename*=UTF-8''na%C3%AFve%20app.dmg`,
      ),
    ).toBe('naïve app.dmg');
    expect(fileNameFromContentDisposition(`attachment; filename*=iso-8859-1'de'caf%E9.exe`)).toBe(
      'café.exe',
    );
  });

  it('falls back to filename when filename* cannot be decoded', () => {
    expect(
      fileNameFromContentDisposition(`attachment; filename*=UTF-8''%E0%A4%A; filename="ok.exe"`),
    ).toBe('ok.exe');
    expect(fileNameFromContentDisposition(`attachment; filename*=koi8-r''x; filename=b.exe`)).toBe(
      'b.exe',
    );
  });

  it('returns undefined without a file name', () => {
    expect(fileNameFromContentDisposition(undefined)).toBeUndefined();
    expect(fileNameFromContentDisposition('attachment')).toBeUndefined();
  });
});

describe('fileNameFromUrl', () => {
  it('takes the last segment, decoded, ignoring the query', () => {
    expect(fileNameFromUrl(new URL('https://h/a/b/My%20App-1.0.dmg?sig=x'))).toBe('My App-1.0.dmg');
    expect(fileNameFromUrl(new URL('https://h/a/b/'))).toBe('b');
    expect(fileNameFromUrl(new URL('https://h/'))).toBeUndefined();
    expect(fileNameFromUrl(new URL('https://h/bad%E0%A4'))).toBe('bad%E0%A4');
  });
});

describe('sanitizeFileName', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\Windows\\evil.exe', 'evil.exe'],
    ['..', 'fallback.bin'],
    ['...', 'fallback.bin'],
    ['.bashrc', 'bashrc'],
    ['/', 'fallback.bin'],
    ['', 'fallback.bin'],
    ['a\u0000b\nc\r.dmg', 'a_b_c_.dmg'],
    ['what?<>|*:".exe', 'what_______.exe'],
    ['trailing. . ', 'trailing'],
    ['CON.exe', '_CON.exe'],
    ['nul', '_nul'],
    ['console.exe', 'console.exe'],
    ['App-1.2.3-mac-arm64.dmg', 'App-1.2.3-mac-arm64.dmg'],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeFileName(input, 'fallback.bin')).toBe(expected);
  });

  it('drops bidirectional controls, so the name shows what it is', () => {
    // `Setup \u202egpj.exe` displays as `Setup exe.jpg`.
    expect(sanitizeFileName('Setup \u202egpj.exe', 'f')).toBe('Setup gpj.exe');
    const every = '\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';
    expect(sanitizeFileName(`a${every}b.dmg`, 'f')).toBe('ab.dmg');
    expect(sanitizeFileName(every, 'fallback.bin')).toBe('fallback.bin');
  });

  it('uses the fallback for an absent name and shortens long names, keeping the extension', () => {
    expect(sanitizeFileName(undefined, 'build_1.bin')).toBe('build_1.bin');
    const long = sanitizeFileName(`${'x'.repeat(500)}.AppImage`, 'f');
    expect(long).toHaveLength(200);
    expect(long.endsWith('.AppImage')).toBe(true);
  });

  it('counts the length in UTF-8 bytes and never splits a character', () => {
    for (const char of ['é', '漢', '😀']) {
      const name = sanitizeFileName(`${char.repeat(300)}.dmg`, 'f');
      expect(Buffer.byteLength(name)).toBeLessThanOrEqual(200);
      expect(Buffer.byteLength(name)).toBeGreaterThan(190);
      expect(name.endsWith('.dmg')).toBe(true);
      expect(name.slice(0, -4).replaceAll(char, '')).toBe('');
    }
  });
});

describe('isWindowsReservedName', () => {
  it.each(WINDOWS_DEVICE_NAMES)('%s, in every spelling Windows takes for it', (device) => {
    for (const name of spellingsOf(device)) expect(isWindowsReservedName(name), name).toBe(true);
  });

  it.each(NOT_DEVICES)('%j is an ordinary name', (name) => {
    expect(isWindowsReservedName(name)).toBe(false);
  });
});

describe('sanitizeFileName and the device names Windows reserves', () => {
  it.each(WINDOWS_DEVICE_NAMES)('%s never comes out as a device', (device) => {
    for (const name of spellingsOf(device)) {
      const sanitized = sanitizeFileName(name, 'fallback.bin');
      expect(isWindowsReservedName(sanitized), `${name} → ${sanitized}`).toBe(false);
      expect(sanitized.startsWith('_'), `${name} → ${sanitized}`).toBe(true);
    }
  });

  it('leaves ordinary names that look like devices as they are', () => {
    for (const name of NOT_DEVICES) expect(sanitizeFileName(name, 'fallback.bin')).toBe(name);
  });
});

describe('pathInside', () => {
  it('joins a plain name and refuses anything that leaves the directory', () => {
    expect(pathInside('out', 'a.dmg')).toBe(path.resolve('out', 'a.dmg'));
    expect(pathInside('out', '../a.dmg')).toBeUndefined();
    expect(pathInside('out', 'sub/a.dmg')).toBeUndefined();
    expect(pathInside('out', '..')).toBeUndefined();
    expect(pathInside('out', '/etc/passwd')).toBeUndefined();
  });
});

describe('isInside', () => {
  const root = path.resolve('/work/space');

  it('holds for the folder itself and anything below it', () => {
    expect(isInside(root, root)).toBe(true);
    expect(isInside(root, path.join(root, 'a', 'b'))).toBe(true);
    expect(isInside(root, path.join(root, '..foo'))).toBe(true);
  });

  it('fails for a parent, a sibling with the same prefix, or elsewhere', () => {
    expect(isInside(root, path.dirname(root))).toBe(false);
    expect(isInside(root, `${root}-other`)).toBe(false);
    expect(isInside(root, path.join(root, '..', 'x'))).toBe(false);
    expect(isInside(root, path.resolve('/etc'))).toBe(false);
  });
});

describe('isBelow', () => {
  it('is isInside without the root itself', () => {
    const root = path.resolve('/work/space');
    expect(isBelow(root, root)).toBe(false);
    expect(isBelow(root, path.join(root, 'a'))).toBe(true);
    expect(isBelow(root, path.dirname(root))).toBe(false);
  });
});
