export declare const BUILD_ID: RegExp;
export declare const PROJECT_ID: RegExp;
export declare const WEBHOOK_ID: RegExp;
export declare const EVENT_ID: RegExp;
export declare const isBuildId: (value: string) => boolean;
export declare const isProjectId: (value: string) => boolean;
