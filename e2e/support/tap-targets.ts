import { expect, type Page } from '@playwright/test';
import { settleAnimations } from './settle-animations';

// Issue 25, tap targets (WCAG 2.5.5, decision 0365): on a touch screen every control the page shows
// takes taps over at least 44 × 44 CSS px.

/** A control whose hit area is smaller than the minimum. */
export interface TapOffender {
  role: string;
  name: string;
  /** The element's own box, rounded. */
  box: string;
  /** How far taps reach it through its centre, across and down (an ::after hit area counts). */
  hit: string;
}

const INTERACTIVE = [
  'button',
  'a[href]',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  '[role="button"]',
  '[role="checkbox"]',
  '[role="switch"]',
  '[role="tab"]',
  '[role="menuitem"]',
  '[role="menuitemcheckbox"]',
  '[role="menuitemradio"]',
  '[role="slider"]',
  '[role="option"]',
  '[role="radio"]',
].join(', ');

/**
 * The visible controls (inside `scope`, default the whole page) whose hit area is under `min` px
 * either way, with their accessible names and sizes. The hit area is what the browser's own
 * hit-testing gives: from the element's centre, `elementFromPoint` is asked pixel by pixel in
 * each direction until it answers something that is neither the element, inside it, nor one of its
 * labels. Each control is scrolled into view first. Left out: disabled controls (no target),
 * anything hidden from assistive technology (aria-hidden, inert: what a modal dialog covers),
 * visually hidden ones (sr-only, as the skip link until focused) unless a visible label stands in
 * for them (then the label is measured) and links set inline in a sentence (exempt).
 */
export async function tapTargetOffenders(page: Page, scope = 'body', min = 44): Promise<TapOffender[]> {
  await settleAnimations(page);
  return page.evaluate(
    ({ scope, min, selector }) => {
      const root = document.querySelector(scope);
      if (!root) throw new Error(`No ${scope} on the page`);
      const nameOf = (el: HTMLElement): string => {
        const labelledBy = el.getAttribute('aria-labelledby');
        const byIds = labelledBy
          ?.split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
          .join(' ');
        const labels = (el as HTMLInputElement).labels;
        return (
          el.getAttribute('aria-label') ||
          byIds ||
          (labels?.length ? Array.from(labels, (l) => l.textContent?.trim()).join(' ') : '') ||
          el.textContent?.trim().replace(/\s+/g, ' ').slice(0, 60) ||
          el.getAttribute('title') ||
          el.getAttribute('placeholder') ||
          el.outerHTML.slice(0, 80)
        );
      };
      const inlineInSentence = (el: HTMLElement) => {
        if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
        const around = el.parentElement?.textContent?.trim().length ?? 0;
        return around > (el.textContent?.trim().length ?? 0);
      };
      const offenders: Array<{ role: string; name: string; box: string; hit: string }> = [];
      for (const el of root.querySelectorAll<HTMLElement>(selector)) {
        if ((el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true') continue;
        if (el.closest('[aria-hidden="true"], [inert]')) continue;
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || style.display === 'none') continue;
        if (el.getClientRects().length === 0) continue;
        const labels = Array.from((el as HTMLInputElement).labels ?? []);
        // Visually hidden: the skip link until focused is no target for a finger, but an input
        // drawn by its label (the pills of PillChoice: an sr-only radio inside each) is tapped
        // there, so the label is what is measured.
        let target: HTMLElement = el;
        if (style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)') {
          const shown = labels.find((label) => label.getClientRects().length > 0);
          if (!shown) continue;
          target = shown;
        }
        if (inlineInSentence(el)) continue;
        target.scrollIntoView({ block: 'center', inline: 'center' });
        const box = target.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) continue;
        const mine = new Set<Element>([el, ...labels]);
        const hits = (x: number, y: number) => {
          const found = document.elementFromPoint(x, y);
          if (!found) return false;
          for (const own of mine) if (own === found || own.contains(found)) return true;
          return false;
        };
        const cx = box.left + box.width / 2;
        const cy = box.top + box.height / 2;
        const reach = (dx: number, dy: number) => {
          let d = 0;
          while (d < min && hits(cx + dx * (d + 1), cy + dy * (d + 1))) d += 1;
          return d;
        };
        const centre = hits(cx, cy) ? 1 : 0;
        const across = centre && reach(-1, 0) + reach(1, 0) + 1;
        const down = centre && reach(0, -1) + reach(0, 1) + 1;
        // One pixel of slack for the half pixels of centred boxes.
        if (across >= min - 1 && down >= min - 1) continue;
        offenders.push({
          role:
            el.getAttribute('role') ??
            (el instanceof HTMLInputElement ? `input[type=${el.type}]` : el.tagName.toLowerCase()),
          name: nameOf(el),
          box: `${Math.round(box.width)}×${Math.round(box.height)}`,
          hit: `${across}×${down}`,
        });
      }
      window.scrollTo(0, 0);
      return offenders;
    },
    { scope, min, selector: INTERACTIVE },
  );
}

/** Fails with the list of offenders (name, box, hit area) when `screen` has any. */
export async function expectTapTargets(page: Page, screen: string, scope?: string): Promise<void> {
  const offenders = await tapTargetOffenders(page, scope);
  const lines = offenders.map((o) => `${o.role} "${o.name}": box ${o.box}, hit ${o.hit}`);
  expect(lines, `tap targets under 44 × 44 px on ${screen}`).toEqual([]);
}
