// Moved to test-kit/run-action.ts. Only bench/ still imports it from here (bench/ is changed in
// another branch); delete this file when bench/action.ts and bench/download.ts import test-kit.
export * from '../../test-kit/run-action.ts';
