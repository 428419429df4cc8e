// What an answer on the way to an artifact means: where a redirect may lead, whether a success
// answer is the installer at all, how it continues a transfer cut short, and what the file is
// called. Pure decisions; download.ts does the I/O.
import type { Dispatcher } from 'undici';
import { DownloadError } from './errors.ts';
import {
  fileNameFromContentDisposition,
  fileNameFromUrl,
  sanitizeFileName,
} from '../text/file-name.ts';
import { commandText } from '../text/escape.ts';
import { headerValue } from '../http/bounded-body.ts';

type Answer = Pick<Dispatcher.ResponseData, 'statusCode' | 'headers'>;

const MAX_REDIRECTS = 5;

// Media types of documents: what an API, a login page or a storage error answers with, never an
// installer (installers come as octet-stream or their own binary types).
const DOCUMENT_TYPES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^application\/(?:[^\s/;]+\+)?json$/, 'a JSON document'],
  [/^(?:text\/html|application\/xhtml\+xml)$/, 'an HTML page'],
  [/^(?:application|text)\/xml$/, 'an XML document'],
];

/** What kind of document a Content-Type announces; undefined for anything else, or none. */
export function documentKind(contentType: string | undefined): string | undefined {
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return DOCUMENT_TYPES.find(([pattern]) => pattern.test(mediaType))?.[1];
}

/** `Content-Range: bytes <start>-<end>/<total|*>` */
export function parseContentRange(
  value: string | undefined,
): { start: number; total: number | undefined } | undefined {
  const match = /^bytes\s+(\d+)-\d+\/(\d+|\*)$/i.exec(value?.trim() ?? '');
  if (!match) return undefined;
  return { start: Number(match[1]), total: match[2] === '*' ? undefined : Number(match[2]) };
}

/**
 * What identifies the bytes behind a URL, for If-Range: a strong ETag, else Last-Modified; none
 * when the host gives neither (then a cut transfer starts again from zero).
 */
export function validatorOf(headers: Answer['headers']): string | undefined {
  const etag = headerValue(headers, 'etag');
  if (etag !== undefined && etag.startsWith('"')) return etag;
  return headerValue(headers, 'last-modified');
}

/** The artifact's whole length as a 200 or 206 announces it. */
export function announcedTotal({ statusCode, headers }: Answer): number | undefined {
  if (statusCode === 206) return parseContentRange(headerValue(headers, 'content-range'))?.total;
  const length = Number(headerValue(headers, 'content-length') ?? NaN);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

/** What is known of the bytes a download holds: whether the answer's validator is theirs, and
 * the total the answer they came with announced. */
export interface Held {
  sameValidator: boolean;
  total: number | undefined;
}

/**
 * How a success answer continues a transfer asked to go on from byte `resumeFrom` (0: the start)
 * of the bytes it holds. A 'wrong-range' part is asked for again, whole, and so is an
 * 'other-total' one (the same validator, but a file of another length: another object, which a
 * resume would splice onto the first); an 'unasked-range' one, a part where the whole was asked
 * for, would only come again.
 */
export function continuationOf(
  resumeFrom: number,
  held: Held,
  { statusCode, headers }: Answer,
): 'fresh' | 'resume' | 'restart' | 'wrong-range' | 'other-total' | 'unasked-range' {
  if (statusCode !== 206) return resumeFrom === 0 ? 'fresh' : 'restart';
  if (resumeFrom === 0) return 'unasked-range';
  const range = parseContentRange(headerValue(headers, 'content-range'));
  if (range?.start !== resumeFrom || !held.sameValidator) return 'wrong-range';
  const otherTotal = range.total !== undefined && held.total !== undefined;
  return otherTotal && range.total !== held.total ? 'other-total' : 'resume';
}

/** Where a redirect from `from` leads, or why it may not be followed. */
export function nextHop(from: URL, location: string, hop: number): URL | string {
  if (hop >= MAX_REDIRECTS) return `more than ${MAX_REDIRECTS} redirects.`;
  const next = URL.parse(location, from.href);
  if (next === null) {
    return `redirected to something that is not a URL (${commandText(location, 100)}).`;
  }
  if (next.protocol !== 'https:' && next.protocol !== 'http:') {
    return `redirected to a ${commandText(next.protocol, 40)} URL.`;
  }
  // An installer fetched over plain http could be swapped on the way and then published.
  if (from.protocol === 'https:' && next.protocol === 'http:') {
    return (
      `redirected from https to plain http (${commandText(next.host, 100)}); refusing an ` +
      'unencrypted transfer.'
    );
  }
  return next;
}

/** A success answer at the end of a redirect chain. */
export interface Opened {
  response: Dispatcher.ResponseData;
  url: URL;
  /** The redirects went through another origin than the API's on the way to `url`. */
  leftApi: boolean;
}

/**
 * Why a success answer is not the installer, if it is not: the API's own answer at the end of a
 * chain that had left it, an encoding nobody asked for, a document, or an empty body. Checked once
 * per answer, before a byte is kept.
 */
export function notTheArtifact(
  { response, url, leftApi }: Opened,
  buildId: string,
  apiOrigin: string,
): DownloadError | undefined {
  const { statusCode, headers } = response;
  const contentType = headerValue(headers, 'content-type');
  const typeNote =
    contentType === undefined ? 'no Content-Type' : `Content-Type ${commandText(contentType, 100)}`;
  if (leftApi && url.origin === apiOrigin) {
    return new DownloadError(
      buildId,
      'content',
      `the artifact host's redirects led back to the service's API (${url.host}), which ` +
        `answered HTTP ${statusCode} with ${typeNote}; the installer's bytes come from the ` +
        'artifact host, never from the API, so nothing was saved.',
    );
  }
  // Nothing asks for an encoding (no Accept-Encoding): encoded bytes would be saved and published
  // as the installer, and their sha256 would not be the installer's.
  const encoding = headerValue(headers, 'content-encoding')?.trim();
  if (encoding !== undefined && encoding !== '' && encoding.toLowerCase() !== 'identity') {
    return new DownloadError(
      buildId,
      'content',
      `the artifact host ${url.host} sent the installer with Content-Encoding ` +
        `${commandText(encoding, 40)}, which the action did not ask for: the bytes would be the ` +
        'encoded form, not the installer, so nothing was saved.',
    );
  }
  const kind = documentKind(contentType);
  if (kind !== undefined) {
    return new DownloadError(
      buildId,
      'content',
      `the artifact host ${url.host} answered HTTP ${statusCode} with ${typeNote} (${kind}) ` +
        'where the installer was expected; nothing was saved.',
    );
  }
  if (announcedTotal(response) === 0) {
    return new DownloadError(
      buildId,
      'size',
      `the artifact host ${url.host} announced 0 bytes; an empty file is not an installer.`,
    );
  }
  return undefined;
}

/** The file name the host gives (Content-Disposition, else the URL), made safe; else the build's. */
export function fileNameOf(buildId: string, { response, url }: Opened): string {
  const named =
    fileNameFromContentDisposition(headerValue(response.headers, 'content-disposition')) ??
    fileNameFromUrl(url);
  return sanitizeFileName(named, sanitizeFileName(`${buildId}.bin`, 'artifact.bin'));
}
