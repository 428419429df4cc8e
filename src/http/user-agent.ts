// The User-Agent of every request the action sends, to the build service and to GitHub alike.
import packageJson from '../../package.json' with { type: 'json' };

export const DEFAULT_USER_AGENT = `desktop-build-action/${packageJson.version}`;
