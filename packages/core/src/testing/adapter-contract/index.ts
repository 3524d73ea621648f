// @kith/core/test/adapter-contract: the IDatabaseAdapter contract suite (runs under jest).
export { runAdapterContractTests } from './run-adapter-contract-tests';
export { unitVector, vectorAtSimilarity } from './contract-fixture';
