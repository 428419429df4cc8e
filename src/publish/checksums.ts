// SHA256SUMS in the format `sha256sum -c` reads: "<hex>  <file name>", one line per file.

export const CHECKSUMS_FILE_NAME = 'SHA256SUMS';

/** File name → lowercase hex digest. Lines that are not checksum lines are dropped. */
export type Checksums = ReadonlyMap<string, string>;

const LINE = /^([0-9a-fA-F]{64}) [ *](.+)$/;

export const parseChecksums = (text: string): Checksums => {
  const sums = new Map<string, string>();
  for (const raw of text.split(/\r?\n/)) {
    const match = LINE.exec(raw.trimEnd());
    if (match?.[1] !== undefined && match[2] !== undefined) {
      sums.set(match[2], match[1].toLowerCase());
    }
  }
  return sums;
};

/** Union by file name; a later map wins for a name both hold (a rebuilt installer). */
export const mergeChecksums = (...all: Checksums[]): Checksums => {
  const merged = new Map<string, string>();
  for (const sums of all) for (const [name, digest] of sums) merged.set(name, digest);
  return merged;
};

export const renderChecksums = (sums: Checksums): string =>
  [...sums]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, digest]) => `${digest}  ${name}\n`)
    .join('');

/** True when every line of `part` is in `whole` with the same digest. */
export const coversChecksums = (whole: Checksums, part: Checksums): boolean =>
  [...part].every(([name, digest]) => whole.get(name) === digest);
