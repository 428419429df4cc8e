/**
 * Replaces every occurrence of each secret with `***`, in each of its spellings (as given, lower
 * and upper case, URL-encoded, base64), longest first so no tail of a longer one is left behind.
 */
export declare function redact(text: string, secrets: readonly string[]): string;
/** The text parsed as JSON; undefined when it is not JSON. */
export declare function jsonOf(text: string): unknown;
/**
 * The service's own message from an error body: `{error:{message}}`, `{message}`, `{error:"…"}`,
 * or a short excerpt of whatever text came back; one inert line (see commandText).
 */
export declare function serviceMessageOf(body: string, secrets: readonly string[]): string | undefined;
