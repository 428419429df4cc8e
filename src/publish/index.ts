// Publishing entry point: main.ts loads this module with a dynamic import, off the start path.
import { createPublisher } from './publisher.ts';
import type { Publish } from './types.ts';

export { createPublisher, type PublisherOptions } from './publisher.ts';
export { PublishError } from './errors.ts';
export { checkNameTemplate, renderName } from './names.ts';

export const publish: Publish = createPublisher();
