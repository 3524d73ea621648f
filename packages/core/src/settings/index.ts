// Filled by the config helper (seed 002).
export {};
