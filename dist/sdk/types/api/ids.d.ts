/** Characters after the prefix: at most this many. Real ids are ~20 (`build_` + 16 hex). */
export declare const ID_MAX_CHARS = 120;
export declare const BUILD_ID: RegExp;
export declare const PROJECT_ID: RegExp;
export declare const WEBHOOK_ID: RegExp;
export declare const EVENT_ID: RegExp;
export declare const isBuildId: (value: string) => boolean;
export declare const isProjectId: (value: string) => boolean;
export declare const isWebhookId: (value: string) => boolean;
export declare const isEventId: (value: string) => boolean;
