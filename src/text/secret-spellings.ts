// The spellings of a secret that a service echoing it is likely to use: each is masked in the
// log and redacted from every text the action writes itself.

const MIN_SPELLING_CHARS = 4;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]+/;

/**
 * The secret as given, lower and upper case, URL-encoded, and base64 (standard and URL-safe); for
 * one that holds line breaks (refused, but masked before it is read), each of its lines too: the
 * runner masks line by line.
 */
export function secretSpellings(secret: string): string[] {
  if (secret === '') return [];
  const base64 = Buffer.from(secret, 'utf8').toString('base64');
  const lines = secret.split(CONTROL_CHARACTERS);
  const spellings = [
    ...(lines.length > 1 ? lines : []),
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
