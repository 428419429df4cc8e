import type { Dispatcher } from '../vendor/undici/types/index.js';
import { DownloadError } from './errors.ts';
type Answer = Pick<Dispatcher.ResponseData, 'statusCode' | 'headers'>;
/** What kind of document a Content-Type announces; undefined for anything else, or none. */
export declare function documentKind(contentType: string | undefined): string | undefined;
/** `Content-Range: bytes <start>-<end>/<total|*>` */
export declare function parseContentRange(value: string | undefined): {
    start: number;
    total: number | undefined;
} | undefined;
/**
 * What identifies the bytes behind a URL, for If-Range: a strong ETag, else Last-Modified; none
 * when the host gives neither (then a cut transfer starts again from zero).
 */
export declare function validatorOf(headers: Answer['headers']): string | undefined;
/** The artifact's whole length as a 200 or 206 announces it. */
export declare function announcedTotal({ statusCode, headers }: Answer): number | undefined;
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
export declare function continuationOf(resumeFrom: number, held: Held, { statusCode, headers }: Answer): 'fresh' | 'resume' | 'restart' | 'wrong-range' | 'other-total' | 'unasked-range';
/** Where a redirect from `from` leads, or why it may not be followed. */
export declare function nextHop(from: URL, location: string, hop: number): URL | string;
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
export declare function notTheArtifact({ response, url, leftApi }: Opened, buildId: string, apiOrigin: string): DownloadError | undefined;
/** The file name the host gives (Content-Disposition, else the URL), made safe; else the build's. */
export declare function fileNameOf(buildId: string, { response, url }: Opened): string;
export {};
