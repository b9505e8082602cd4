export { ImagesModule } from './images.module.js';
export { ImageHandlersModule } from './image-handlers.module.js';
export { ImageStoreModule } from './image-store.module.js';
export {
  describeImageFile,
  type ImageFileFacts,
  ImageStore,
  type ImageView,
  type NewStoredImage,
  type StoredImage,
} from './image.store.js';
export { IMAGE_HANDLERS } from './image-handlers.js';
export { ImageErrors } from './domain/image-errors.js';
export { imageDiskSizeUnits } from './domain/image-header.js';
export {
  CYLINDER_BYTES,
  rawSampleImageBytes,
  SAMPLE_OS_RELEASE,
  sampleImageStream,
  writeSampleImage,
} from './domain/sample-image.js';
export { scpCopy } from './transfer/scp.copy.js';
export { OS_VERSION } from './domain/patterns.js';
// the outbound policy of imports, reused for webhook targets (issue #27)
export { HostPolicy, literalAddresses } from './domain/host-policy.js';
export { bare, checkHop, policyLookup } from './transfer/http.download.js';
