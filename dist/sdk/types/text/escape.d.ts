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
 * For Markdown, as code (a quoted log line, a file name): literal text in a code span, one line.
 * Nothing inside a code span is Markdown, HTML, a link, an emoji code or an @mention; its fence
 * is one backtick longer than any run of backticks in the text, so the text cannot close it.
 */
export declare function markdownCode(text: string, maxChars?: number): string;
/**
 * For a table cell: as code, where a `|` would end the cell even inside a code span (a backslash
 * before it cannot be escaped there): the text around each `|` is a code span of its own, and
 * the `|` between them is escaped.
 */
export declare const markdownCell: (text: string, maxChars?: number) => string;
/** A URL as a Markdown link's destination: no character of it can end the link early. */
export declare const markdownUrl: (url: string) => string;
/**
 * A value quoted inside a message: cut to `maxChars`, in double quotes, every control character
 * escaped (`"a\nb"`), so it is one inert line that still shows what was there.
 */
export declare const quotedText: (text: string, maxChars?: number) => string;
