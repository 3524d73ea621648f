const ts = require('typescript');
const file = process.argv[2], cls = process.argv[3];
const prog = ts.createProgram([file], { skipLibCheck: true, moduleResolution: ts.ModuleResolutionKind.Bundler, module: ts.ModuleKind.ESNext });
const c = prog.getTypeChecker();
const sf = prog.getSourceFile(file);
const exps = c.getExportsOfModule(c.getSymbolAtLocation(sf));
let s = exps.find(e => e.name === cls); if (s.flags & ts.SymbolFlags.Alias) s = c.getAliasedSymbol(s);
const t = c.getDeclaredTypeOfSymbol(s);
const out = [];
for (const p of c.getPropertiesOfType(t)) { const d = p.declarations?.[0]; const mods = d && ts.getCombinedModifierFlags(d); if (mods & (ts.ModifierFlags.Private|ts.ModifierFlags.Protected)) continue; out.push(p.name); }
console.log(out.sort().join('\n'));
