/**
 * Imports a module by package name or path with a dynamic import, as
 * elizaOS does. A host that runs code without an ES module loader (jest's
 * CommonJS sandbox) rejects every dynamic import with
 * ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING_FLAG; there the module is required.
 */
export async function importPackage(specifier: string): Promise<Record<string, unknown>> {
  try {
    return (await import(specifier)) as Record<string, unknown>;
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code !== 'ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING_FLAG') throw error;
    return require(specifier) as Record<string, unknown>;
  }
}
