// The spellings of a secret that a service echoing it is likely to use: each is masked in the
// log and redacted from every text the action writes itself.

const MIN_SPELLING_CHARS = 4;

/** The secret as given, lower and upper case, URL-encoded, and base64 (standard and URL-safe). */
export function secretSpellings(secret: string): string[] {
  if (secret === '') return [];
  const base64 = Buffer.from(secret, 'utf8').toString('base64');
  const spellings = [
    secret,
    secret.toLowerCase(),
    secret.toUpperCase(),
    encodeURIComponent(secret),
    base64,
    base64.replace(/=+$/, ''),
    Buffer.from(secret, 'utf8').toString('base64url'),
  ];
  // Longest first: a redaction never leaves the tail of a longer spelling behind.
  return [...new Set(spellings)]
    .filter((spelling) => spelling === secret || spelling.length >= MIN_SPELLING_CHARS)
    .sort((left, right) => right.length - left.length);
}
