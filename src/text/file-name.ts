// Choosing the local file name of an artifact. The name comes from the artifact host, so it is
// untrusted: it is reduced to a plain base name that cannot leave the target directory.
import path from 'node:path';
import { parse as parseContentDisposition } from 'content-disposition';

// File systems limit a name to 255 bytes (not characters); this leaves room for `.part`.
const MAX_NAME_BYTES = 200;
// Control characters, path separators and characters Windows refuses in file names.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f<>:"|?*]/g;
// The device names Windows reserves (Microsoft's "Naming Files, Paths, and Namespaces", with the
// console's CONIN$ and CONOUT$): whatever the case, and also before an extension (NUL.txt and
// NUL.tar.gz are NUL) or before trailing spaces and dots, which Windows strips.
const WINDOWS_DEVICE =
  /^(con|prn|aux|nul|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3]|conin\$|conout\$)$/i;
// Bidirectional controls make a name display as something else (`Setup \u202egpj.exe` shows as
// `Setup exe.jpg`): dropped, not replaced, so what is shown is what is there.
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `filename*` (RFC 6266 / 8187) when decodable, else `filename`; undefined when unreadable. */
export function fileNameFromContentDisposition(header: string | undefined): string | undefined {
  if (!header) return undefined;
  try {
    return parseContentDisposition(header).parameters.filename;
  } catch {
    // A header the parser refuses names nothing; the URL's last segment will.
    return undefined;
  }
}

/** Whether Windows takes `name` (one path segment) for a device rather than a file. */
export function isWindowsReservedName(name: string): boolean {
  const stem = name.split(/[.:]/)[0]!.replace(/ +$/, '');
  return WINDOWS_DEVICE.test(stem);
}

/** The last non-empty path segment of a URL, percent-decoded when possible. */
export function fileNameFromUrl(url: URL): string | undefined {
  const segment = url.pathname.split('/').filter(Boolean).pop();
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The longest start of `text` that fits in `maxBytes` of UTF-8, never splitting a character. */
function fitBytes(text: string, maxBytes: number): string {
  let fitted = '';
  let bytes = 0;
  for (const char of text) {
    bytes += Buffer.byteLength(char);
    if (bytes > maxBytes) break;
    fitted += char;
  }
  return fitted;
}

function shorten(name: string): string {
  if (Buffer.byteLength(name) <= MAX_NAME_BYTES) return name;
  const extension = fitBytes(path.extname(name), 20);
  return fitBytes(name, MAX_NAME_BYTES - Buffer.byteLength(extension)) + extension;
}

/**
 * A plain file name: only the part after the last `/` or `\`, without control or reserved
 * characters, leading dots (no `..`, no hidden files) or trailing dots and spaces; `fallback`
 * when nothing usable is left.
 */
export function sanitizeFileName(candidate: string | undefined, fallback: string): string {
  const base = (candidate ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .replace(BIDI_CONTROLS, '')
    .replace(FORBIDDEN, '_')
    .trim()
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  if (cleaned === '' || /^_+$/.test(cleaned)) return fallback;
  return shorten(isWindowsReservedName(cleaned) ? `_${cleaned}` : cleaned);
}

/** The artifact's path inside `directory`, or undefined if `fileName` would land elsewhere. */
export function pathInside(directory: string, fileName: string): string | undefined {
  const root = path.resolve(directory);
  const target = path.resolve(root, fileName);
  return path.dirname(target) === root && path.basename(target) === fileName ? target : undefined;
}

/** Whether `candidate` is `root` or below it (both absolute; compared as written, no links read). */
export function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return (
    relative === '' ||
    (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative))
  );
}

/** Whether `candidate` is below `root`, not `root` itself (both absolute; no links read). */
export const isBelow = (root: string, candidate: string): boolean =>
  path.relative(root, candidate) !== '' && isInside(root, candidate);
