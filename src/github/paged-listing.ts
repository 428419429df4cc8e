// Every GitHub list read one way. Pages are asked for by number, PAGE_SIZE entries each (GitHub's
// largest), at most MAX_PAGES of them. Whether a next page exists is read from the page's `Link`
// header (RFC 8288, by http-link-header: a header it refuses names none); the URL it names is never
// followed, since the token would go with the request wherever that URL points. A page must be a
// list no longer than asked for (else ListingPageError); its entries are the caller's to check.
// The listing ends at a page that names no next one or holds no entries, after a page that gives
// the caller what it looked for, or at the cap. The cap is a result (`capped`), never an error or
// a log line here: what it means (a new comment, a warning, a failure) is each caller's to say.
import LinkHeader from 'http-link-header';
import { ListingPageError } from './errors.ts';

/** Entries asked for per page: GitHub's largest. */
export const PAGE_SIZE = 100;
/** Pages read at most (1000 entries): a release holds no more assets than that. */
export const MAX_PAGES = 10;

/** What a listing request adds to its own parameters. */
export interface PageQuery {
  per_page: number;
  page: number;
}

/** The part of GitHub's answer a listing reads (Octokit's response fits). */
export interface PageAnswer {
  data: unknown;
  headers: { link?: string | undefined };
}

/** How a listing ended, with what `read` made of each page read, in order. */
export type Listing<P> =
  /** The last page read named no next page, or held no entries: nothing was left unread. */
  | { end: 'complete'; pages: P[] }
  /** `until` held for the last page read; later pages were not asked for. */
  | { end: 'found'; pages: P[] }
  /** MAX_PAGES pages were read and the last named a next one: the listing goes on unread. */
  | { end: 'capped'; pages: P[]; entries: number };

export interface ListingOptions<P> {
  /** Stops the listing after a page for which it holds (the caller has what it looked for). */
  until?: (page: P) => boolean;
}

/**
 * Reads a listing page by page: `ask` requests a page (adding the query to its own parameters),
 * `read` turns a page's entries (a list of at most PAGE_SIZE, unchecked) into what the caller
 * keeps. `what` names the listing in errors ("the releases").
 */
export async function readListing<P>(
  what: string,
  ask: (query: PageQuery) => Promise<PageAnswer>,
  read: (entries: unknown[]) => P,
  options: ListingOptions<P> = {},
): Promise<Listing<P>> {
  const pages: P[] = [];
  let entries = 0;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await ask({ per_page: PAGE_SIZE, page });
    const list = pageEntries(answer.data, what, page);
    const kept = read(list);
    pages.push(kept);
    entries += list.length;
    if (options.until?.(kept)) return { end: 'found', pages };
    if (list.length === 0 || !hasNextPage(answer.headers.link)) return { end: 'complete', pages };
  }
  return { end: 'capped', pages, entries };
}

/** A page's entries: a list of at most PAGE_SIZE, else ListingPageError. */
function pageEntries(data: unknown, what: string, page: number): unknown[] {
  if (!Array.isArray(data)) throw new ListingPageError(what, page, '(body) is not a list');
  if (data.length > PAGE_SIZE) {
    throw new ListingPageError(
      what,
      page,
      `(body) holds ${data.length} entries, more than the ${PAGE_SIZE} asked for`,
    );
  }
  return data as unknown[];
}

/**
 * Whether a page's `Link` header names a next page: a link whose `rel` holds `next` (any case;
 * a link's first `rel` only, as http-link-header reads RFC 8288). A header that is no text or
 * that the parser refuses names none, and `rel="next"` inside a URL or a quoted parameter is no
 * relation. The link's URL is not returned: it is never followed. The parser lets some broken
 * headers name a next page (an unclosed quote, trailing text); that costs one more page asked
 * for by number at the API's origin, and an empty page ends the listing.
 */
export function hasNextPage(link: unknown): boolean {
  if (typeof link !== 'string') return false;
  try {
    return LinkHeader.parse(link).rel('next').length > 0;
  } catch {
    return false; // The parser throws on what is no Link header ("Unexpected character …").
  }
}
