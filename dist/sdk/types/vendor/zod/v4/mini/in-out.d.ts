import type * as core from "../core/index.js";
import * as schemas from "./schemas.js";
export type input<T> = core.input<T>;
export type output<T> = core.output<T>;
/** See `classic/in-out.ts`. */
export declare function input<T extends core.$ZodType>(schema: T): schemas.ZodMiniType<core.input<T>, core.input<T>>;
/** See `classic/in-out.ts`. */
export declare function output<T extends core.$ZodType>(schema: T): schemas.ZodMiniType<core.output<T>, core.output<T>>;
