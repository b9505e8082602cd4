import type { HandlerMap } from '#operations';
import { ExportImageHandler } from './handlers/export-image.handler.js';
import { ImportImageHandler } from './handlers/import-image.handler.js';

/** Job name → handler for the image jobs. */
export const IMAGE_HANDLERS = {
  'image.import': ImportImageHandler,
  'image.export': ExportImageHandler,
} satisfies HandlerMap;
