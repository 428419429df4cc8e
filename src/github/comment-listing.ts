// GitHub's answers about issue comments, read at the edge: a comment is taken only with an integer
// id; its body and author's login only when they are text. Paging them is paged-listing.ts's. Pure.

export interface ListedComment {
  id: number;
  /** The author's login as GitHub gave it (untrusted: compared, or shown inertly). */
  login: string | undefined;
  body: string;
}

export const isCommentId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** One comment of an answer; undefined when it has no usable id. */
export function commentOf(raw: unknown): ListedComment | undefined {
  const { id, body, user } = (raw ?? {}) as { id?: unknown; body?: unknown; user?: unknown };
  if (!isCommentId(id)) return undefined;
  const login = (user as { login?: unknown } | null | undefined)?.login;
  return {
    id,
    login: typeof login === 'string' ? login : undefined,
    body: typeof body === 'string' ? body : '',
  };
}

/** The comments among a listing page's entries. */
export const commentsOf = (entries: readonly unknown[]): ListedComment[] =>
  entries.flatMap((raw) => commentOf(raw) ?? []);

/** How a page's marked comments split: the first by `login`, and the others' authors. */
export function markedBy(
  comments: readonly ListedComment[],
  marker: string,
  login: string,
): { own: ListedComment | undefined; strangers: ListedComment[] } {
  const marked = comments.filter((comment) => comment.body.startsWith(marker));
  return {
    own: marked.find((comment) => comment.login === login),
    strangers: marked.filter((comment) => comment.login !== login),
  };
}
