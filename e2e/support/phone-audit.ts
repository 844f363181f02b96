// What a screen must hold at phone and tablet size (issue 19): no sideways scroll, touch targets of
// 44×44 px at least, 16 px text in fields (no zoom on focus). Each check returns the offenders so a
// failing test names them.
import type { Page } from '@playwright/test';

export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
export const TABLET = { viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true } as const;

/** The smallest side of a touch target, in CSS px (WCAG 2.5.5, Apple and Android guidelines). */
export const MIN_TARGET = 44;
/** Below this, a mobile browser zooms into a field when it gets focus. */
export const MIN_INPUT_FONT = 16;

/** The page's width beyond the viewport's, with the elements that stick out on the right. */
export async function sidewaysOverflow(
  page: Page,
): Promise<{ width: number; viewport: number; wide: string[] }> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${
        typeof element.className === 'string' && element.className
          ? `.${element.className.trim().split(/\s+/).join('.')}`
          : ''
      }`;
    // Inside a region that scrolls or clips sideways (a tab strip), sticking out is that region's way.
    // An absolutely placed element escapes the clip of every box between it and its containing block
    // (a screen-reader-only label in a scrolling table does, and widens the page), a fixed one of all.
    const clipped = (element: Element) => {
      const position = getComputedStyle(element).position;
      if (position === 'fixed') return false;
      // The containing block of an absolute element: its nearest positioned ancestor (SVG elements,
      // Leaflet's drawn layers among them, have no offsetParent to ask).
      let containing = element.parentElement;
      if (position === 'absolute') {
        while (
          containing &&
          containing !== document.body &&
          getComputedStyle(containing).position === 'static'
        ) {
          containing = containing.parentElement;
        }
      }
      for (let parent = containing; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const wide = Array.from(document.body.querySelectorAll('*'))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > viewport + 0.5 && !clipped(element);
      })
      // The outermost offenders only: their children stick out because they do.
      .filter((element, _, all) => !all.some((other) => other !== element && other.contains(element)))
      .map((element) => `${describe(element)} (${Math.round(element.getBoundingClientRect().right)} px)`);
    return { width: document.documentElement.scrollWidth, viewport, wide };
  });
}

/**
 * The visible controls smaller than 44×44 px, described by their accessible text. A checkbox or radio
 * inside a label counts the label's box (the label is what the finger touches).
 */
export async function smallTouchTargets(page: Page, scope = 'main', min = MIN_TARGET): Promise<string[]> {
  return page.evaluate(
    ({ root, side }) => {
      const selector = [
        'a[href]',
        'button',
        'input:not([type="hidden"])',
        'select',
        'textarea',
        'summary',
        '[role="button"]',
        '[role="tab"]',
        '[role="checkbox"]',
        '[role="radio"]',
        '[role="option"]',
      ].join(',');
      const visible = (element: Element) => {
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        return style.visibility !== 'hidden' && style.display !== 'none' && box.width > 1 && box.height > 1;
      };
      const name = (element: Element) =>
        (
          element.getAttribute('aria-label') ||
          (element as HTMLElement).innerText ||
          element.getAttribute('title') ||
          element.getAttribute('placeholder') ||
          element.getAttribute('name') ||
          element.tagName.toLowerCase()
        )
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 60);
      const offenders: string[] = [];
      const elements = Array.from(document.querySelectorAll(root)).flatMap((area) =>
        Array.from(area.querySelectorAll(selector)),
      );
      for (const element of elements) {
        // Leaflet's own map markers and attribution are drawn by the map library, not our controls.
        if (element.closest('.leaflet-control-attribution, .leaflet-marker-pane')) continue;
        const label = element.closest('label');
        const target =
          label && element.matches('input[type="checkbox"], input[type="radio"]') ? label : element;
        if (!visible(target)) continue;
        const box = target.getBoundingClientRect();
        if (box.width + 0.5 < side || box.height + 0.5 < side) {
          offenders.push(`${name(element)} (${Math.round(box.width)}×${Math.round(box.height)})`);
        }
      }
      return [...new Set(offenders)];
    },
    { root: scope, side: min },
  );
}

/** Fields one types or picks in whose text is smaller than 16 px (a mobile browser zooms into them). */
export async function smallInputFonts(page: Page, scope = 'main', min = MIN_INPUT_FONT): Promise<string[]> {
  return page.evaluate(
    ({ root, size }) => {
      const fields =
        'input:not([type="hidden"], [type="checkbox"], [type="radio"], [type="range"]), select, textarea';
      return Array.from(document.querySelectorAll(root))
        .flatMap((area) => Array.from(area.querySelectorAll(fields)))
        .filter((element) => element.getBoundingClientRect().width > 0)
        .map((element) => ({
          element,
          font: Number.parseFloat(getComputedStyle(element).fontSize),
        }))
        .filter(({ font }) => font + 0.01 < size)
        .map(
          ({ element, font }) =>
            `${element.getAttribute('aria-label') || element.id || element.getAttribute('type') || element.tagName} (${font} px)`,
        );
    },
    { root: scope, size: min },
  );
}
