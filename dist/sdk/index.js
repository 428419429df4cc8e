// The package's entry. The version check is a module of its own, imported first, so that it runs
// before the bundle is evaluated.
import './node-version.js';

export * from './lib/index.js';
