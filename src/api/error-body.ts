// The service's error format is not specified (spec §7): take its own message from whichever
// common shape the body has, else a short excerpt of the text, never the API key.

const EXCERPT_CHARS = 200;

const nonEmptyString = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

function messageOf(parsed: unknown): string | undefined {
  if (parsed === null || typeof parsed !== 'object') return nonEmptyString(parsed);
  const body = parsed as Record<string, unknown>;
  const error = body.error;
  if (error !== null && typeof error === 'object') {
    const inner = error as Record<string, unknown>;
    return nonEmptyString(inner.message) ?? nonEmptyString(inner.code);
  }
  return nonEmptyString(error) ?? nonEmptyString(body.message) ?? nonEmptyString(body.detail);
}

function excerpt(text: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  if (flat === '') return undefined;
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS)}…` : flat;
}

/** Replaces every occurrence of each secret with `***`. */
export function redact(text: string, secrets: readonly string[]): string {
  return secrets.reduce(
    (current, secret) => (secret === '' ? current : current.split(secret).join('***')),
    text,
  );
}

/**
 * The service's own message from an error body: `{error:{message}}`, `{message}`, `{error:"…"}`,
 * or a short single-line excerpt of whatever text came back.
 */
export function serviceMessageOf(body: string, secrets: readonly string[]): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  const message = (parsed === undefined ? undefined : messageOf(parsed)) ?? body;
  return excerpt(redact(message, secrets));
}
