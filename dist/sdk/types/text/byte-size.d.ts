/** Whole bytes, or undefined when `text` is not a number with an optional unit (B, KB … TiB). */
export declare function parseByteSize(text: string): number | undefined;
/** `4 GiB`, `1.5 MiB`, `812 bytes`: binary units, at most one decimal. */
export declare function formatByteSize(bytes: number): string;
