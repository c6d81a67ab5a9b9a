import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

/** Where the stories leave their pictures (git-ignored). */
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '..', 'screenshots');

/**
 * Whether the stories take their pictures. They are for a person to open and look at; CI keeps
 * none, and 300 full-page captures cost the stories about a fifth of their CPU (decision 0933), so
 * under CI=true they are off unless E2E_SCREENSHOTS=on. E2E_SCREENSHOTS=off turns them off anywhere.
 * Playwright's own picture of a failed story (`screenshot: 'only-on-failure'`) is not one of these.
 */
export function picturesWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  const asked = env.E2E_SCREENSHOTS;
  if (asked === 'on') return true;
  if (asked === 'off') return false;
  if (asked) throw new Error(`E2E_SCREENSHOTS=${asked}: say on or off`);
  return !(env.CI === 'true' || env.CI === '1');
}

export interface PictureOptions {
  /** The whole scrolled page (pages only), not only the viewport. */
  fullPage?: boolean;
  /** 'disabled' shows sheets and drawers where they come to rest. */
  animations?: 'disabled' | 'allow';
}

/**
 * The one way a story takes a picture: `file` under e2e/screenshots/ (or an absolute path), of a
 * page or of one element, when pictures are wanted.
 */
export async function picture(of: Page | Locator, file: string, options: PictureOptions = {}): Promise<void> {
  if (!picturesWanted()) return;
  const at = path.isAbsolute(file) ? file : path.join(SCREENSHOT_DIR, file);
  if ('mainFrame' in of) await of.screenshot({ path: at, ...options });
  else await of.screenshot({ path: at, animations: options.animations });
}
