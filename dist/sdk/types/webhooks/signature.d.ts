export declare function signPayload(secret: string, body: string | Buffer): string;
/** True only when `header` is the signature of `rawBody`; any malformed header is simply false. */
export declare function verifySignature(secret: string, rawBody: string | Buffer, header: string | undefined | null): boolean;
