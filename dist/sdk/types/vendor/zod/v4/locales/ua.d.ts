import type * as errors from "../core/errors.js";
/** @deprecated Use `uk` instead. */
export default function (): {
    localeError: errors.$ZodErrorMap;
};
