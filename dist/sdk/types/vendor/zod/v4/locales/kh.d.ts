import type * as errors from "../core/errors.js";
/** @deprecated Use `km` instead. */
export default function (): {
    localeError: errors.$ZodErrorMap;
};
