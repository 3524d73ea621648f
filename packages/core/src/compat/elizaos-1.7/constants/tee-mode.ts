/**
 * Trusted-execution modes and vendors, as elizaOS 1.7 names them; TEE plugins
 * (plugin-tee, plugin-evm) read them from settings. Kith attaches no meaning
 * of its own: they are values for those plugins.
 */
export enum TEEMode {
  OFF = 'OFF',
  LOCAL = 'LOCAL',
  DOCKER = 'DOCKER',
  PRODUCTION = 'PRODUCTION',
}

export enum TeeType {
  TDX_DSTACK = 'tdx_dstack',
}
