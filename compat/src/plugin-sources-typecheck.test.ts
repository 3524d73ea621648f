import { dirname, join } from 'node:path';
import { scratchProject } from './kith-agent';
import { CHARACTER_PACKAGES } from './pinned-plugins';
import {
  extractPackageSources,
  extractPluginSources,
  typecheckPluginSources,
  type SourceDiagnostic,
} from './testing/plugin-sources';

/*
 * The TypeScript sources of published elizaOS plugins (carried in their
 * bundles' source maps) compile against @kith/core installed as
 * @elizaos/core: a plugin written for elizaOS compiles on Kith.
 *
 * Every diagnostic counts except one kind, filtered by a precise rule: "Cannot
 * find module" (TS2307) for a bare specifier other than @elizaos/* — a
 * third-party package the scratch project does not install with its types
 * (the plugins' devDependencies are not installed). Anything else must be
 * listed below with its reason, by file and line; a listed diagnostic that no
 * longer occurs fails the test too, so the list stays true. The settings are
 * elizaOS's plugin template's (not strict); the plugins that are clean under
 * `strict` are checked that way too.
 */

/**
 * The plugins checked: every pinned plugin whose bundle carries its sources
 * (and elizaOS's project template, below). The expected diagnostics are for
 * the pinned versions: a new version may move them.
 */
const PLUGINS = [
  '@elizaos/plugin-starter',
  '@elizaos/plugin-openai',
  '@elizaos/plugin-anthropic',
  '@elizaos/plugin-openrouter',
  '@elizaos/plugin-ollama',
  '@elizaos/plugin-memory',
  '@elizaos/plugin-knowledge',
  '@elizaos/plugin-mcp',
  '@elizaos/plugin-google-genai',
  '@elizaos/plugin-telegram',
  '@elizaos/plugin-discord',
  '@elizaos/plugin-evm',
  '@elizaos/plugin-groq',
  '@elizaos/plugin-twitter',
  '@elizaos/plugin-elizacloud',
  '@elizaos/plugin-tee',
];

// Why each expected diagnostic is there. "elizaOS 1.7.2 too": the plugin has it against elizaOS
// 1.7.2's own types (checked with the published package when it was listed). "Kith": Kith's types
// differ from elizaOS's there on purpose.
const SETTING_ANY =
  'elizaOS 1.7.2 too: getSetting() returns string | boolean | number | null there as in Kith; the plugin was written when it returned any';
const LOGGER_ARGS =
  "elizaOS 1.7.2 too: a log call's second argument is a string there as in Kith; the plugin passes an object";
const UNKNOWN_FIELDS =
  "elizaOS 1.7.2 too: the plugin uses a field of parseJSONObjectFromText's result (typed unknown there as in Kith) as a string or number";
const TRANSCRIPTION_FILE =
  'elizaOS 1.7.2 too: TRANSCRIPTION takes params, a Buffer or a URL there as in Kith; the plugin passes a File';
const BUN_TIMERS = "elizaOS 1.7.2 too: the plugin types its timers with Bun's global Timer, which Node's types lack";
const OWN_TYPES =
  'elizaOS 1.7.2 too: the plugin narrows its own union by a boolean field, which needs strictNullChecks, off in its settings';
const NO_SOURCE =
  'elizaOS 1.7.2 too: a module left out of the bundle (types only, or unused) and its map, and the package ships no declaration for it';
const ELIZA_TOO = 'elizaOS 1.7.2 too: the same diagnostic at this line against its own types';
const OLD_CORE =
  'elizaOS 1.7.2 too: a name of the older elizaOS core the plugin was written for (InstrumentationService), gone from 1.7.2';
const GROQ_LOG =
  "elizaOS 1.7.2 too, on the useModel call above: its overloads reject the call's `n`; Kith's takes it, and the log call's object argument fails as in LOGGER_ARGS";
const IMAGE_DESCRIPTION =
  "Kith: IMAGE_DESCRIPTION results are ImageDescriptionResult | string, since handlers (elizaOS's plugin-ollama among them) return a string; the plugin reads .title unchecked";
const CALLBACK_ACTION_NAME =
  "Kith: HandlerCallback's second parameter is the action's name (elizaOS 1.7.2's has one parameter); the plugin declares an unused `_files?: string[]` there";
const MCP_PARAMETERS =
  "Kith: Action.parameters is an array of ActionParameter (elizaOS 1.7.2's Action has no such field); plugin-mcp declares a Record there, which Kith's runtime ignores";

/** Expected diagnostics by plugin, `file:line` → why. */
const EXPECTED: Record<string, Record<string, string>> = {
  '@elizaos/plugin-anthropic': {
    'src/utils/config.ts:16': SETTING_ANY,
  },
  '@elizaos/plugin-discord': {
    'src/actions/createPoll.ts:70': UNKNOWN_FIELDS,
    'src/actions/getUserInfo.ts:63': UNKNOWN_FIELDS,
    'src/actions/pinMessage.ts:59': UNKNOWN_FIELDS,
    'src/actions/reactToMessage.ts:221': UNKNOWN_FIELDS,
    'src/actions/reactToMessage.ts:222': UNKNOWN_FIELDS,
    'src/actions/searchMessages.ts:70': UNKNOWN_FIELDS,
    'src/actions/searchMessages.ts:74': UNKNOWN_FIELDS,
    'src/actions/searchMessages.ts:75': UNKNOWN_FIELDS,
    'src/actions/searchMessages.ts:76': UNKNOWN_FIELDS,
    'src/actions/searchMessages.ts:77': UNKNOWN_FIELDS,
    'src/actions/unpinMessage.ts:59': UNKNOWN_FIELDS,
    'src/attachments.ts:120': TRANSCRIPTION_FILE,
    'src/attachments.ts:389': IMAGE_DESCRIPTION,
    'src/banner.ts:241': SETTING_ANY,
    'src/utils.ts:289': UNKNOWN_FIELDS,
    'src/utils.ts:290': UNKNOWN_FIELDS,
  },
  '@elizaos/plugin-google-genai': {
    'src/index.ts:18': NO_SOURCE,
    'src/index.ts:22': NO_SOURCE,
    'src/index.ts:171': LOGGER_ARGS,
    'src/index.ts:199': LOGGER_ARGS,
    'src/utils/config.ts:17': SETTING_ANY,
  },
  '@elizaos/plugin-knowledge': {
    'src/routes.ts:12': SETTING_ANY,
    'src/routes.ts:13': SETTING_ANY,
    'src/routes.ts:14': SETTING_ANY,
    'src/routes.ts:1213': SETTING_ANY,
  },
  '@elizaos/plugin-mcp': {
    'src/actions/dynamic-tool-actions.ts:17': MCP_PARAMETERS,
    'src/actions/dynamic-tool-actions.ts:116': MCP_PARAMETERS,
    'src/actions/dynamic-tool-actions.ts:117': MCP_PARAMETERS,
    'src/actions/dynamic-tool-actions.ts:121': MCP_PARAMETERS,
    'src/service.ts:126': SETTING_ANY,
    'src/service.ts:127': SETTING_ANY,
    'src/service.ts:128': SETTING_ANY,
    'src/service.ts:194': BUN_TIMERS,
    'src/service.ts:195': BUN_TIMERS,
    'src/service.ts:257': BUN_TIMERS,
    'src/service.ts:282': BUN_TIMERS,
    'src/service.ts:283': BUN_TIMERS,
    'src/service.ts:355': MCP_PARAMETERS,
    'src/utils/wrapper.ts:43': OWN_TYPES,
    'src/utils/wrapper.ts:75': SETTING_ANY,
    'src/utils/wrapper.ts:76': SETTING_ANY,
  },
  '@elizaos/plugin-memory': {
    'src/services/memory-service.ts:67': SETTING_ANY,
    'src/services/memory-service.ts:72': SETTING_ANY,
    'src/services/memory-service.ts:77': SETTING_ANY,
    'src/services/memory-service.ts:82': SETTING_ANY,
    'src/services/memory-service.ts:96': SETTING_ANY,
    'src/services/memory-service.ts:101': SETTING_ANY,
    'src/services/memory-service.ts:106': SETTING_ANY,
  },
  '@elizaos/plugin-ollama': {
    'src/index.ts:140': SETTING_ANY,
    'src/index.ts:187': SETTING_ANY,
    'src/index.ts:195': SETTING_ANY,
    'src/index.ts:215': SETTING_ANY,
    'src/index.ts:235': SETTING_ANY,
    'src/index.ts:247': SETTING_ANY,
    'src/index.ts:251': SETTING_ANY,
    'src/index.ts:281': SETTING_ANY,
    'src/index.ts:288': SETTING_ANY,
    'src/index.ts:289': SETTING_ANY,
    'src/index.ts:305': SETTING_ANY,
    'src/index.ts:316': SETTING_ANY,
    'src/index.ts:321': SETTING_ANY,
    'src/index.ts:330': SETTING_ANY,
    'src/index.ts:341': SETTING_ANY,
    'src/index.ts:346': SETTING_ANY,
    'src/index.ts:362': SETTING_ANY,
  },
  '@elizaos/plugin-openai': {
    'src/index.ts:252': LOGGER_ARGS,
  },
  // Imported but unused (its plugins line is commented out), so the bundle has no source for it.
  '@elizaos/project-starter': {
    'src/index.ts:2': NO_SOURCE,
  },
  '@elizaos/plugin-telegram': {
    'src/messageManager.ts:113': IMAGE_DESCRIPTION,
    'src/messageManager.ts:633': CALLBACK_ACTION_NAME,
  },
  '@elizaos/plugin-elizacloud': {
    'src/index.ts:216': ELIZA_TOO,
  },
  '@elizaos/plugin-evm': {
    'src/actions/bridge.ts:48': ELIZA_TOO,
    'src/actions/bridge.ts:53': ELIZA_TOO,
    'src/actions/bridge.ts:240': ELIZA_TOO,
    'src/actions/bridge.ts:622': ELIZA_TOO,
    'src/actions/swap.ts:442': ELIZA_TOO,
    'src/actions/swap.ts:465': ELIZA_TOO,
    'src/actions/swap.ts:557': ELIZA_TOO,
    'src/actions/swap.ts:580': ELIZA_TOO,
    'src/actions/swap.ts:651': ELIZA_TOO,
    'src/actions/swap.ts:652': ELIZA_TOO,
    'src/actions/swap.ts:653': ELIZA_TOO,
    'src/actions/swap.ts:654': ELIZA_TOO,
    'src/actions/swap.ts:805': ELIZA_TOO,
    'src/actions/swap.ts:806': ELIZA_TOO,
    'src/actions/swap.ts:807': ELIZA_TOO,
    'src/actions/swap.ts:808': ELIZA_TOO,
    'src/actions/transfer.ts:37': ELIZA_TOO,
    'src/providers/get-balance.ts:54': ELIZA_TOO,
    'src/providers/get-balance.ts:55': ELIZA_TOO,
    'src/providers/wallet.ts:239': SETTING_ANY,
    'src/providers/wallet.ts:262': SETTING_ANY,
  },
  '@elizaos/plugin-groq': {
    'src/index.ts:9': OLD_CORE,
    'src/index.ts:86': ELIZA_TOO,
    'src/index.ts:107': ELIZA_TOO,
    'src/index.ts:121': OLD_CORE,
    'src/index.ts:124': OLD_CORE,
    'src/index.ts:128': OLD_CORE,
    'src/index.ts:251': ELIZA_TOO,
    'src/index.ts:297': SETTING_ANY,
    'src/index.ts:310': SETTING_ANY,
    'src/index.ts:342': SETTING_ANY,
    'src/index.ts:347': SETTING_ANY,
    'src/index.ts:401': ELIZA_TOO,
    'src/index.ts:479': SETTING_ANY,
    'src/index.ts:491': SETTING_ANY,
    'src/index.ts:502': SETTING_ANY,
    'src/index.ts:514': SETTING_ANY,
    'src/index.ts:537': ELIZA_TOO,
    'src/index.ts:591': GROQ_LOG,
    'src/index.ts:630': GROQ_LOG,
    'src/index.ts:668': ELIZA_TOO,
    'src/index.ts:683': ELIZA_TOO,
  },
  '@elizaos/plugin-tee': {
    'src/actions/remoteAttestationAction.ts:20': ELIZA_TOO,
    'src/actions/remoteAttestationAction.ts:73': SETTING_ANY,
    'src/index.ts:29': ELIZA_TOO,
    'src/providers/deriveKeyProvider.ts:206': SETTING_ANY,
    'src/providers/deriveKeyProvider.ts:223': SETTING_ANY,
    'src/providers/deriveKeyProvider.ts:228': SETTING_ANY,
    'src/providers/remoteAttestationProvider.ts:94': ELIZA_TOO,
    'src/providers/remoteAttestationProvider.ts:110': SETTING_ANY,
    'src/service.ts:14': ELIZA_TOO,
    'src/service.ts:22': SETTING_ANY,
    'src/service.ts:28': SETTING_ANY,
  },
  '@elizaos/plugin-twitter': {
    'src/base.ts:16': NO_SOURCE,
    'src/base.ts:17': NO_SOURCE,
    'src/base.ts:825': ELIZA_TOO,
    'src/client/client.ts:14': NO_SOURCE,
    'src/client/profile.ts:2': NO_SOURCE,
    'src/client/profile.ts:4': NO_SOURCE,
    'src/client/relationships.ts:4': NO_SOURCE,
    'src/client/tweets.ts:17': NO_SOURCE,
    'src/discovery.ts:2': NO_SOURCE,
    'src/discovery.ts:10': NO_SOURCE,
    'src/discovery.ts:80': ELIZA_TOO,
    'src/environment.ts:252': ELIZA_TOO,
    'src/interactions.ts:15': NO_SOURCE,
    'src/interactions.ts:25': NO_SOURCE,
    'src/interactions.ts:26': NO_SOURCE,
    'src/post.ts:12': NO_SOURCE,
    'src/post.ts:231': ELIZA_TOO,
    'src/services/twitter.service.ts:8': NO_SOURCE,
    'src/timeline.ts:13': NO_SOURCE,
    'src/timeline.ts:24': NO_SOURCE,
    'src/timeline.ts:499': ELIZA_TOO,
    'src/utils.ts:13': NO_SOURCE,
    'src/utils.ts:15': NO_SOURCE,
    'src/utils/memory.ts:9': NO_SOURCE,
    'src/utils/memory.ts:132': ELIZA_TOO,
  },
};

/** Where @types/node is (the plugins' own devDependencies are not installed). */
const nodeTypes = dirname(dirname(require.resolve('@types/node/package.json')));

const describeDiagnostic = (d: SourceDiagnostic): string => `${d.pkg} ${d.at} TS${d.code}: ${d.message.split('\n')[0]}`;

/** `Cannot find module 'x'` for a bare specifier outside @elizaos: a third-party package installed without types. */
function missingThirdPartyTypes(diagnostic: SourceDiagnostic): boolean {
  const specifier =
    diagnostic.code === 2307 ? /^Cannot find module '([^']+)'/.exec(diagnostic.message)?.[1] : undefined;
  return (
    specifier !== undefined &&
    !specifier.startsWith('.') &&
    !specifier.startsWith('/') &&
    !specifier.startsWith('@elizaos/')
  );
}

describe('elizaOS plugin sources compile against @kith/core as @elizaos/core', () => {
  it('has no diagnostic but the expected ones', () => {
    const project = scratchProject();
    const starter = '@elizaos/project-starter';
    const starterDir = join(project, 'characters', `${starter.replace('/', '+')}@${CHARACTER_PACKAGES[starter]}`);
    const plugins = [
      ...PLUGINS.map((pkg) => extractPluginSources(project, pkg)),
      extractPackageSources(starter, starterDir),
    ];
    for (const plugin of plugins) expect([plugin.pkg, plugin.files.size > 0]).toEqual([plugin.pkg, true]);

    const diagnostics = typecheckPluginSources(plugins, nodeTypes).filter((d) => !missingThirdPartyTypes(d));

    const unexpected = diagnostics.filter((d) => !EXPECTED[d.pkg]?.[d.at]).map(describeDiagnostic);
    expect(unexpected).toEqual([]);
    const gone = Object.entries(EXPECTED).flatMap(([pkg, expected]) =>
      Object.keys(expected)
        .filter((at) => !diagnostics.some((d) => d.pkg === pkg && d.at === at))
        .map((at) => `${pkg} ${at}`),
    );
    expect(gone).toEqual([]);

    const files = plugins.reduce((sum, plugin) => sum + plugin.files.size, 0);
    const failing = new Set(diagnostics.map((d) => `${d.pkg} ${d.at.split(':')[0]}`));
    console.log(
      `plugin sources: ${files} files of ${plugins.length} packages typechecked, ${files - failing.size} without a diagnostic; ` +
        `${diagnostics.length} expected diagnostics in ${failing.size} files`,
    );
  });

  it('compiles plugin-starter, plugin-openai and plugin-openrouter with no diagnostic under strict settings', () => {
    const project = scratchProject();
    const strictClean = ['@elizaos/plugin-starter', '@elizaos/plugin-openai', '@elizaos/plugin-openrouter'];
    const plugins = strictClean.map((pkg) => extractPluginSources(project, pkg));
    const diagnostics = typecheckPluginSources(plugins, nodeTypes, { strict: true })
      .filter((d) => !missingThirdPartyTypes(d))
      .map(describeDiagnostic);
    expect(diagnostics).toEqual([]);
  });
});
