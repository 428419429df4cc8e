export declare const version: {
    readonly major: 4;
    readonly minor: 6;
    readonly patch: number;
};
