// A count with its noun as a sentence says it: `1 build`, `2 builds`, `0 installers`, never
// `installer(s)`.

/** `count` and `noun`, with an s unless the count is one (for nouns whose plural adds an s). */
export const plural = (count: number, noun: string): string =>
  `${count} ${noun}${count === 1 ? '' : 's'}`;
