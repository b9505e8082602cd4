export { FilesModule } from './files.module.js';
export { FilesService, type FileImportOutput } from './files.service.js';
export { BodyStream, STREAM_BODY, StreamBody } from './stream-body.decorator.js';
export { JSON_ANY_TYPE, JsonBodyAnyType } from './json-body-any-type.decorator.js';
export { canonicalPath, confine, isInside } from './path-confinement.js';
export {
  copyToFile,
  measure,
  type MeasureOptions,
  type StreamFacts,
  TooLargeError,
} from './copy-to-file.js';
