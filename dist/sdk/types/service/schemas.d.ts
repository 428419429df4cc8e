import { z } from '../vendor/zod/index.js';
import { type FieldProblem } from '../http/answer-shape.ts';
export declare const PLATFORMS: readonly ["mac", "windows", "linux"];
export declare const ARCHES: readonly ["x64", "arm64"];
/** The statuses the spec lists (§3). A service that grows may send others. */
export declare const BUILD_STATUSES: readonly ["queued", "building", "success", "failed"];
export declare const EVENT_TYPES: readonly ["build.queued", "build.started", "build.succeeded", "build.failed", "project.created", "project.updated", "project.deleted"];
/** A URL the service returns (artifactUrl, buildLog, a project's or a webhook's url). */
export declare const URL_MAX_CHARS: number;
/** A version: semver with pre-release and build parts fits easily. */
export declare const VERSION_MAX_CHARS = 128;
/** Names, authors, app ids, confirmation messages: a line of prose, not a document. */
export declare const TEXT_MAX_CHARS: number;
export declare const BuildId: z.ZodString;
export declare const Platform: z.ZodEnum<{
    mac: "mac";
    windows: "windows";
    linux: "linux";
}>;
export declare const Arch: z.ZodEnum<{
    x64: "x64";
    arm64: "arm64";
}>;
export declare const BuildStatus: z.ZodString;
export declare const EventType: z.ZodEnum<{
    "build.queued": "build.queued";
    "build.started": "build.started";
    "build.succeeded": "build.succeeded";
    "build.failed": "build.failed";
    "project.created": "project.created";
    "project.updated": "project.updated";
    "project.deleted": "project.deleted";
}>;
export type Platform = z.infer<typeof Platform>;
export type Arch = z.infer<typeof Arch>;
export type KnownBuildStatus = (typeof BUILD_STATUSES)[number];
/** One of the spec's statuses, or what a newer service sends (`string & {}` keeps the hints). */
export type BuildStatus = KnownBuildStatus | (string & {});
export type EventType = z.infer<typeof EventType>;
export declare const isKnownStatus: (status: BuildStatus) => status is KnownBuildStatus;
/** Ended: success, failed, or a status the spec does not list (which ends the build unsuccessfully). */
export declare const isTerminal: (status: BuildStatus) => boolean;
/** Whether a name or a URL is one line of text that displays as what it is. */
export declare const isPrintable: (value: string) => boolean;
export declare const ProjectWindow: z.ZodObject<{
    width: z.ZodNumber;
    height: z.ZodNumber;
    resizable: z.ZodOptional<z.ZodBoolean>;
}, z.core.$strip>;
export declare const ProjectFeatures: z.ZodObject<{
    autoUpdate: z.ZodOptional<z.ZodBoolean>;
    tray: z.ZodOptional<z.ZodBoolean>;
    menuBar: z.ZodOptional<z.ZodBoolean>;
}, z.core.$strip>;
export type ProjectWindow = z.infer<typeof ProjectWindow>;
export type ProjectFeatures = z.infer<typeof ProjectFeatures>;
export declare const ProjectSummary: z.ZodObject<{
    id: z.ZodString;
    name: z.ZodString;
    url: z.ZodString;
    platforms: z.ZodArray<z.ZodEnum<{
        mac: "mac";
        windows: "windows";
        linux: "linux";
    }>>;
    createdAt: z.ZodString;
    updatedAt: z.ZodPipe<z.ZodOptional<z.ZodNullable<z.ZodString>>, z.ZodTransform<string | undefined, string | null | undefined>>;
}, z.core.$strip>;
export type ProjectSummary = z.infer<typeof ProjectSummary>;
export declare const Project: z.ZodObject<{
    id: z.ZodString;
    name: z.ZodString;
    url: z.ZodString;
    platforms: z.ZodArray<z.ZodEnum<{
        mac: "mac";
        windows: "windows";
        linux: "linux";
    }>>;
    createdAt: z.ZodString;
    updatedAt: z.ZodPipe<z.ZodOptional<z.ZodNullable<z.ZodString>>, z.ZodTransform<string | undefined, string | null | undefined>>;
    author: z.ZodPipe<z.ZodOptional<z.ZodNullable<z.ZodString>>, z.ZodTransform<string | undefined, string | null | undefined>>;
    version: z.ZodPipe<z.ZodOptional<z.ZodNullable<z.ZodString>>, z.ZodTransform<string | undefined, string | null | undefined>>;
    appId: z.ZodPipe<z.ZodOptional<z.ZodNullable<z.ZodString>>, z.ZodTransform<string | undefined, string | null | undefined>>;
    window: z.ZodPipe<z.ZodOptional<z.ZodNullable<z.ZodObject<{
        width: z.ZodNumber;
        height: z.ZodNumber;
        resizable: z.ZodOptional<z.ZodBoolean>;
    }, z.core.$strip>>>, z.ZodTransform<{
        width: number;
        height: number;
        resizable?: boolean | undefined;
    } | undefined, {
        width: number;
        height: number;
        resizable?: boolean | undefined;
    } | null | undefined>>;
    features: z.ZodPipe<z.ZodOptional<z.ZodNullable<z.ZodObject<{
        autoUpdate: z.ZodOptional<z.ZodBoolean>;
        tray: z.ZodOptional<z.ZodBoolean>;
        menuBar: z.ZodOptional<z.ZodBoolean>;
    }, z.core.$strip>>>, z.ZodTransform<{
        autoUpdate?: boolean | undefined;
        tray?: boolean | undefined;
        menuBar?: boolean | undefined;
    } | undefined, {
        autoUpdate?: boolean | undefined;
        tray?: boolean | undefined;
        menuBar?: boolean | undefined;
    } | null | undefined>>;
}, z.core.$strip>;
export type Project = z.infer<typeof Project>;
export declare const ProjectList: z.ZodObject<{
    projects: z.ZodArray<z.ZodObject<{
        id: z.ZodString;
        name: z.ZodString;
        url: z.ZodString;
        platforms: z.ZodArray<z.ZodEnum<{
            mac: "mac";
            windows: "windows";
            linux: "linux";
        }>>;
        createdAt: z.ZodString;
        updatedAt: z.ZodPipe<z.ZodOptional<z.ZodNullable<z.ZodString>>, z.ZodTransform<string | undefined, string | null | undefined>>;
    }, z.core.$strip>>;
    total: z.ZodNumber;
}, z.core.$strip>;
export type ProjectList = z.infer<typeof ProjectList>;
export declare const CreatedProject: z.ZodObject<{
    id: z.ZodString;
    name: z.ZodString;
    url: z.ZodString;
    createdAt: z.ZodString;
    platforms: z.ZodArray<z.ZodEnum<{
        mac: "mac";
        windows: "windows";
        linux: "linux";
    }>>;
    message: z.ZodPipe<z.ZodOptional<z.ZodNullable<z.ZodString>>, z.ZodTransform<string | undefined, string | null | undefined>>;
}, z.core.$strip>;
export type CreatedProject = z.infer<typeof CreatedProject>;
export declare const UpdatedProject: z.ZodObject<{
    id: z.ZodString;
    name: z.ZodString;
    platforms: z.ZodArray<z.ZodEnum<{
        mac: "mac";
        windows: "windows";
        linux: "linux";
    }>>;
    updatedAt: z.ZodString;
    message: z.ZodPipe<z.ZodOptional<z.ZodNullable<z.ZodString>>, z.ZodTransform<string | undefined, string | null | undefined>>;
}, z.core.$strip>;
export type UpdatedProject = z.infer<typeof UpdatedProject>;
export declare const DeletedProject: z.ZodObject<{
    id: z.ZodString;
    deleted: z.ZodLiteral<true>;
    message: z.ZodPipe<z.ZodOptional<z.ZodNullable<z.ZodString>>, z.ZodTransform<string | undefined, string | null | undefined>>;
}, z.core.$strip>;
export declare const DeletedWebhook: z.ZodObject<{
    id: z.ZodString;
    deleted: z.ZodLiteral<true>;
    message: z.ZodPipe<z.ZodOptional<z.ZodNullable<z.ZodString>>, z.ZodTransform<string | undefined, string | null | undefined>>;
}, z.core.$strip>;
export type Deleted = z.infer<typeof DeletedProject>;
export declare const BuildSummary: z.ZodObject<{
    id: z.ZodString;
    projectId: z.ZodString;
    version: z.ZodPipe<z.ZodOptional<z.ZodNullable<z.ZodString>>, z.ZodTransform<string | undefined, string | null | undefined>>;
    platform: z.ZodEnum<{
        mac: "mac";
        windows: "windows";
        linux: "linux";
    }>;
    arch: z.ZodEnum<{
        x64: "x64";
        arm64: "arm64";
    }>;
    status: z.ZodString;
    createdAt: z.ZodString;
    completedAt: z.ZodPipe<z.ZodOptional<z.ZodNullable<z.ZodString>>, z.ZodTransform<string | undefined, string | null | undefined>>;
    artifactUrl: z.ZodPipe<z.ZodOptional<z.ZodNullable<z.ZodString>>, z.ZodTransform<string | undefined, string | null | undefined>>;
}, z.core.$strip>;
export type BuildSummary = z.infer<typeof BuildSummary>;
export declare const Build: z.ZodObject<{
    id: z.ZodString;
    projectId: z.ZodString;
    version: z.ZodPipe<z.ZodOptional<z.ZodNullable<z.ZodString>>, z.ZodTransform<string | undefined, string | null | undefined>>;
    platform: z.ZodEnum<{
        mac: "mac";
        windows: "windows";
        linux: "linux";
    }>;
    arch: z.ZodEnum<{
        x64: "x64";
        arm64: "arm64";
    }>;
    status: z.ZodString;
    createdAt: z.ZodString;
    completedAt: z.ZodPipe<z.ZodOptional<z.ZodNullable<z.ZodString>>, z.ZodTransform<string | undefined, string | null | undefined>>;
    artifactUrl: z.ZodPipe<z.ZodOptional<z.ZodNullable<z.ZodString>>, z.ZodTransform<string | undefined, string | null | undefined>>;
    startedAt: z.ZodPipe<z.ZodOptional<z.ZodNullable<z.ZodString>>, z.ZodTransform<string | undefined, string | null | undefined>>;
    duration: z.ZodPipe<z.ZodOptional<z.ZodNullable<z.ZodNumber>>, z.ZodTransform<number | undefined, number | null | undefined>>;
    artifactSize: z.ZodPipe<z.ZodOptional<z.ZodNullable<z.ZodNumber>>, z.ZodTransform<number | undefined, number | null | undefined>>;
    buildLog: z.ZodPipe<z.ZodOptional<z.ZodNullable<z.ZodString>>, z.ZodTransform<string | undefined, string | null | undefined>>;
}, z.core.$strip>;
export type Build = z.infer<typeof Build>;
/** A List Builds entry the client cannot read; its id, when that much of it is readable. */
export interface UnreadableBuild extends FieldProblem {
    id: string | undefined;
}
export declare const BuildList: z.ZodPipe<z.ZodObject<{
    builds: z.ZodArray<z.ZodUnknown>;
    total: z.ZodNumber;
}, z.core.$strip>, z.ZodTransform<{
    builds: {
        id: string;
        projectId: string;
        version: string | undefined;
        platform: "mac" | "windows" | "linux";
        arch: "x64" | "arm64";
        status: string;
        createdAt: string;
        completedAt: string | undefined;
        artifactUrl: string | undefined;
    }[];
    total: number;
    unreadable: UnreadableBuild[];
}, {
    builds: unknown[];
    total: number;
}>>;
export type BuildList = z.infer<typeof BuildList>;
export declare const TriggeredBuild: z.ZodObject<{
    id: z.ZodString;
    projectId: z.ZodString;
    platform: z.ZodEnum<{
        mac: "mac";
        windows: "windows";
        linux: "linux";
    }>;
    arch: z.ZodEnum<{
        x64: "x64";
        arm64: "arm64";
    }>;
    version: z.ZodPipe<z.ZodOptional<z.ZodNullable<z.ZodString>>, z.ZodTransform<string | undefined, string | null | undefined>>;
    status: z.ZodString;
    createdAt: z.ZodString;
    message: z.ZodPipe<z.ZodOptional<z.ZodNullable<z.ZodString>>, z.ZodTransform<string | undefined, string | null | undefined>>;
}, z.core.$strip>;
export type TriggeredBuild = z.infer<typeof TriggeredBuild>;
export declare const LogEntry: z.ZodObject<{
    timestamp: z.ZodString;
    level: z.ZodString;
    message: z.ZodString;
}, z.core.$strip>;
export type LogEntry = z.infer<typeof LogEntry>;
export declare const BuildLogs: z.ZodObject<{
    buildId: z.ZodString;
    logs: z.ZodArray<z.ZodObject<{
        timestamp: z.ZodString;
        level: z.ZodString;
        message: z.ZodString;
    }, z.core.$strip>>;
}, z.core.$strip>;
export type BuildLogs = z.infer<typeof BuildLogs>;
export declare const Webhook: z.ZodObject<{
    id: z.ZodString;
    url: z.ZodString;
    events: z.ZodArray<z.ZodString>;
    active: z.ZodBoolean;
    createdAt: z.ZodString;
}, z.core.$strip>;
export type Webhook = z.infer<typeof Webhook>;
export declare const WebhookList: z.ZodObject<{
    webhooks: z.ZodArray<z.ZodObject<{
        id: z.ZodString;
        url: z.ZodString;
        events: z.ZodArray<z.ZodString>;
        active: z.ZodBoolean;
        createdAt: z.ZodString;
    }, z.core.$strip>>;
    total: z.ZodNumber;
}, z.core.$strip>;
export type WebhookList = z.infer<typeof WebhookList>;
export interface CreateProjectRequest {
    name: string;
    url: string;
    platforms: Platform[];
    config?: {
        window?: ProjectWindow;
    } & Record<string, unknown>;
}
export type UpdateProjectRequest = Partial<{
    name: string;
    url: string;
    platforms: Platform[];
}> & Record<string, unknown>;
export interface TriggerBuildRequest {
    platform: Platform;
    arch?: Arch;
    version?: string;
}
export interface CreateWebhookRequest {
    url: string;
    events: EventType[];
    secret?: string;
}
export declare const BuildEventData: z.ZodObject<{
    build: z.ZodObject<{
        id: z.ZodString;
        projectId: z.ZodString;
        version: z.ZodPipe<z.ZodOptional<z.ZodNullable<z.ZodString>>, z.ZodTransform<string | undefined, string | null | undefined>>;
        platform: z.ZodEnum<{
            mac: "mac";
            windows: "windows";
            linux: "linux";
        }>;
        arch: z.ZodEnum<{
            x64: "x64";
            arm64: "arm64";
        }>;
        status: z.ZodString;
        artifactUrl: z.ZodPipe<z.ZodOptional<z.ZodNullable<z.ZodString>>, z.ZodTransform<string | undefined, string | null | undefined>>;
        duration: z.ZodPipe<z.ZodOptional<z.ZodNullable<z.ZodNumber>>, z.ZodTransform<number | undefined, number | null | undefined>>;
    }, z.core.$strip>;
    project: z.ZodObject<{
        id: z.ZodString;
        name: z.ZodString;
    }, z.core.$strip>;
}, z.core.$strip>;
export type BuildEventData = z.infer<typeof BuildEventData>;
export declare const WebhookEvent: z.ZodObject<{
    id: z.ZodString;
    type: z.ZodEnum<{
        "build.queued": "build.queued";
        "build.started": "build.started";
        "build.succeeded": "build.succeeded";
        "build.failed": "build.failed";
        "project.created": "project.created";
        "project.updated": "project.updated";
        "project.deleted": "project.deleted";
    }>;
    createdAt: z.ZodString;
    data: z.ZodRecord<z.ZodString, z.ZodUnknown>;
}, z.core.$strip>;
export type WebhookEvent = z.infer<typeof WebhookEvent>;
export declare const ProjectEventData: z.ZodObject<{
    project: z.ZodObject<{
        id: z.ZodString;
        name: z.ZodPipe<z.ZodOptional<z.ZodNullable<z.ZodString>>, z.ZodTransform<string | undefined, string | null | undefined>>;
    }, z.core.$loose>;
}, z.core.$strip>;
export type ProjectEventData = z.infer<typeof ProjectEventData>;
