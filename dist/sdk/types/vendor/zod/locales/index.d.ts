export * from "../v4/locales/index.js";
