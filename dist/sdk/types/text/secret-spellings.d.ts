/** The secret as given, lower and upper case, URL-encoded, and base64 (standard and URL-safe). */
export declare function secretSpellings(secret: string): string[];
