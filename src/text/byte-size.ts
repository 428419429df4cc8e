// Sizes as people write them (`4GiB`, `512 MiB`, `1.5GB`, `1048576`) and as the log shows them.

const UNITS: Readonly<Record<string, number>> = {
  '': 1,
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
  tib: 1024 ** 4,
};

/** Whole bytes, or undefined when `text` is not a number with an optional unit (B, KB … TiB). */
export function parseByteSize(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(text.trim());
  const unit = match === null ? undefined : UNITS[match[2]!.toLowerCase()];
  if (unit === undefined) return undefined;
  const bytes = Math.floor(Number(match![1]) * unit);
  return Number.isSafeInteger(bytes) ? bytes : undefined;
}

/** `4 GiB`, `1.5 MiB`, `812 bytes`: binary units, at most one decimal. */
export function formatByteSize(bytes: number): string {
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = -1;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit < 0) return `${bytes} bytes`;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}
