export declare abstract class ActionError extends Error {
    constructor(message?: string, options?: ErrorOptions);
}
/** The message of anything thrown; what is not an Error is shown as a string. */
export declare const messageOf: (error: unknown) => string;
/** Anything thrown, as an Error (a thrown string or value becomes the message). */
export declare const asError: (error: unknown) => Error;
/** The code of what failed (ECONNRESET, UND_ERR_SOCKET), wherever a few causes deep it is wrapped. */
export declare function errorCode(error: unknown): string | undefined;
