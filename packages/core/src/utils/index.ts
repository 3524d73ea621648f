// Small helpers that fit no concept folder.
export { isPromiseLike } from './is-promise-like';
export { getGeneratedDir } from './get-generated-dir';
export { getLocalServerUrl } from './get-local-server-url';
export { cosineSimilarity } from './cosine-similarity';
