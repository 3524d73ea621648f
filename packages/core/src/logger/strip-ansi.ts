// CSI sequences (colours, cursor moves) and OSC sequences (hyperlinks, titles).
// eslint-disable-next-line no-control-regex -- escape codes are control characters by definition
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;

/** Removes terminal escape codes so file logs stay plain, greppable text. */
export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}
