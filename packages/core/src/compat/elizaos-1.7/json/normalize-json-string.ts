/** `"key": value` where the value is neither a string nor an array, up to the next `, "` or the closing brace. */
const BARE_VALUE = /("[\w-]+")\s*: \s*(?!"|\[)([\s\S]+?)(?=(,\s*"|\}$))/g;
/** `"key": 'value'` */
const SINGLE_QUOTED = /"([^"]+)"\s*:\s*'([^']*)'/g;
/** `"key": word` left unquoted by the first pass. */
const BARE_WORD = /("[\w-]+")\s*:\s*([A-Za-z_]+)(?!["\w])/g;

/**
 * elizaOS's repair of model-written JSON-ish text: trims the space inside the
 * outer braces, then wraps unquoted values (and single-quoted ones) in double
 * quotes, so `{"a": hello}` becomes `{"a": "hello"}`. A single-quoted value
 * right after the colon (`"a":'x'`) is requoted; after `: ` it is quoted
 * whole, single quotes kept, as elizaOS does. Numbers and booleans
 * are quoted too (`{"n": 1}` becomes `{"n": "1"}`), as in elizaOS; arrays
 * and strings are left alone.
 */
export function normalizeJsonString(str: string): string {
  return str
    .replace(/\{\s+/, '{')
    .replace(/\s+\}/, '}')
    .trim()
    .replace(BARE_VALUE, '$1: "$2"')
    .replace(SINGLE_QUOTED, (_match, key: string, value: string) => `"${key}": "${value}"`)
    .replace(BARE_WORD, '$1: "$2"');
}
