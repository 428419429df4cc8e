// Service text made inert for each medium it is shown in. Everything the service says (ids,
// statuses, versions, messages, log lines quoted elsewhere) goes through one of these before it
// reaches a log line, a group title, an annotation, the job summary or the pull-request comment.

// Control characters (a newline would start a new line, and with it a workflow command; `\r`
// would let a line rewrite what the runner shows) and bidirectional controls (text that displays
// as something else).
// eslint-disable-next-line no-control-regex
const NOT_INERT = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g;

/** The longest start of `text` of at most `maxChars` characters, with `…` where it was cut. */
export function cut(text: string, maxChars: number): string {
  return text.length > maxChars ? `${text.slice(0, Math.max(0, maxChars - 1))}…` : text;
}

/**
 * For the step's log (a line of `core.info`, a group title, an annotation's title): one line, no
 * controls, never the start of a workflow command, cut to `maxChars`.
 */
export function commandText(text: string, maxChars = 200): string {
  const flat = text.replace(NOT_INERT, ' ').replace(/\s+/g, ' ').trim();
  return cut(flat.replace(/^::/, ': :'), maxChars);
}

// Every ASCII punctuation character can be backslash-escaped in CommonMark; escaped, none of them
// opens a link, an image, an autolink (`https\://`, `www\.`), emphasis, code, HTML or a table cell.
const MARKDOWN_PUNCTUATION = /[!-/:-@[-`{-~]/g;

/** For Markdown (the job summary, the PR comment, a table cell): literal text, one line. */
export function markdownText(text: string, maxChars = 500): string {
  return commandText(text, maxChars).replace(MARKDOWN_PUNCTUATION, (char) => `\\${char}`);
}

/**
 * For Markdown, as code (a quoted log line, a file name): literal text in a code span, one line.
 * Nothing inside a code span is Markdown, HTML, a link, an emoji code or an @mention; its fence
 * is one backtick longer than any run of backticks in the text, so the text cannot close it.
 */
export function markdownCode(text: string, maxChars = 500): string {
  const flat = commandText(text, maxChars);
  if (flat === '') return '';
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  // A code span drops one space at each end, and a backtick there would join the fence.
  const pad = /^`|`$/.test(flat) ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/**
 * For a table cell: as code, where a `|` would end the cell even inside a code span (a backslash
 * before it cannot be escaped there): the text around each `|` is a code span of its own, and
 * the `|` between them is escaped.
 */
export const markdownCell = (text: string, maxChars = 500): string =>
  commandText(text, maxChars)
    .split('|')
    .map((piece) => markdownCode(piece, maxChars))
    .join('\\|');

/** A URL as a Markdown link's destination: no character of it can end the link early. */
export const markdownUrl = (url: string): string =>
  // A lone surrogate would make encodeURI throw.
  encodeURI(url.replace(/\p{Cs}/gu, '\uFFFD')).replace(/[()]/g, (char) =>
    char === '(' ? '%28' : '%29',
  );

// What JSON.stringify leaves as it is but a log or a terminal would act on.
const NOT_INERT_IN_JSON = /[\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * A value quoted inside a message: cut to `maxChars`, in double quotes, every control character
 * escaped (`"a\nb"`), so it is one inert line that still shows what was there.
 */
export const quotedText = (text: string, maxChars = 100): string =>
  JSON.stringify(cut(text, maxChars)).replace(
    NOT_INERT_IN_JSON,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
