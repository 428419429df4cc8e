/**
 * The secret as given, lower and upper case, URL-encoded, and base64 (standard and URL-safe); for
 * one that holds line breaks (refused, but masked before it is read), each of its lines too: the
 * runner masks line by line.
 */
export declare function secretSpellings(secret: string): string[];
