// The service's error format is not specified (spec §7): take its own message from whichever
// common shape the body has, else a short excerpt of the text; never the API key in any of its
// spellings, and never the start of a workflow command.
import { commandText } from '../text/escape.ts';
import { secretSpellings } from '../text/secret-spellings.ts';

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

/**
 * Replaces every occurrence of each secret with `***`, in each of its spellings (as given, lower
 * and upper case, URL-encoded, base64), longest first so no tail of a longer one is left behind.
 */
export function redact(text: string, secrets: readonly string[]): string {
  const spellings = secrets
    .flatMap(secretSpellings)
    .sort((one, other) => other.length - one.length);
  return spellings.reduce((current, spelling) => current.split(spelling).join('***'), text);
}

/** The text parsed as JSON; undefined when it is not JSON. */
export function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The service's own message from an error body: `{error:{message}}`, `{message}`, `{error:"…"}`,
 * or a short excerpt of whatever text came back; one inert line (see commandText).
 */
export function serviceMessageOf(body: string, secrets: readonly string[]): string | undefined {
  // Not JSON: the text itself is the message.
  const message = messageOf(jsonOf(body)) ?? body;
  // Redacted before it is cut, so a key is never left half-shown at the cut.
  const excerpt = commandText(redact(message, secrets), EXCERPT_CHARS);
  return excerpt === '' ? undefined : excerpt;
}
