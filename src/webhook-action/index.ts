import { isEntry } from '../runner/entry.ts';
import { run } from './main.ts';

if (isEntry(import.meta.url)) await run();
