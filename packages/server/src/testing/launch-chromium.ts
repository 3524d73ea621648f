import { existsSync } from 'node:fs';
import packagedChromium from '@sparticuz/chromium';
import { type Browser, chromium } from 'playwright-core';

// Without the background-networking flags Chromium keeps dialling Google's hosts, which this closed network refuses.
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * KITH_CHROMIUM_PATH when set, else the Chromium that @sparticuz/chromium ships inside its npm
 * package (unpacked into the temp folder on first use): no system package and no download, which
 * Playwright's own browser install would need.
 */
async function chromiumPath(): Promise<string> {
  const chosen = process.env.KITH_CHROMIUM_PATH;
  if (chosen) {
    if (!existsSync(chosen))
      throw new Error(
        `KITH_CHROMIUM_PATH is ${chosen}, which does not exist: point it at a Chromium binary, or unset it to use @sparticuz/chromium's.`,
      );
    return chosen;
  }
  return packagedChromium.executablePath();
}

/** A headless Chromium for the web page's browser tests. */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: await chromiumPath(), args: CHROMIUM_FLAGS });
}
