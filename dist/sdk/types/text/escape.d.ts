/** The longest start of `text` of at most `maxChars` characters, with `…` where it was cut. */
export declare function cut(text: string, maxChars: number): string;
/**
 * For the step's log (a line of `core.info`, a group title, an annotation's title): one line, no
 * controls, never the start of a workflow command, cut to `maxChars`.
 */
export declare function commandText(text: string, maxChars?: number): string;
/** For Markdown (the job summary, the PR comment, a table cell): literal text, one line. */
export declare function markdownText(text: string, maxChars?: number): string;
/**
 * A value quoted inside a message: cut to `maxChars`, in double quotes, every control character
 * escaped (`"a\nb"`), so it is one inert line that still shows what was there.
 */
export declare const quotedText: (text: string, maxChars?: number) => string;
