// Plain-text helpers: chunking documents and cutting text at a sentence.
export { truncateToCompleteSentence } from './truncate-to-complete-sentence';
export { splitChunks, splitIntoChunks } from './split-into-chunks';
