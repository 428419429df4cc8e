import * as z4 from "./classic/external.js";
export * from "./classic/index.js";
export { z4 as default };
