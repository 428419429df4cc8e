/** Replaces every occurrence of each secret with `***`. */
export declare function redact(text: string, secrets: readonly string[]): string;
/**
 * The service's own message from an error body: `{error:{message}}`, `{message}`, `{error:"…"}`,
 * or a short single-line excerpt of whatever text came back.
 */
export declare function serviceMessageOf(body: string, secrets: readonly string[]): string | undefined;
