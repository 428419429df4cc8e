export declare const DEFAULT_USER_AGENT: string;
