// What a reader of any language would notice on a screen: elements pushed out of the window, header controls drawn over
// each other, a translation key shown instead of its text, and a script drawn in no font that has it.
import { spawnSync } from 'node:child_process';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/** A translation key as the console names them (`side_menu`, `items_claimed_count_other`), never a reader's text. */
const keyPattern = '^[a-z][a-z0-9]*(_[a-z0-9]+)+$';

/**
 * Notes every text the page ever shows that reads like a translation key, from its first paint on, so a key that flashes
 * before its language's strings arrive is caught as surely as one that stays.
 */
export async function watchForKeys(context: BrowserContext): Promise<void> {
  await context.addInitScript((pattern) => {
    const key = new RegExp(pattern);
    const seen: string[] = [];
    (window as unknown as { keysSeen: string[] }).keysSeen = seen;
    const check = (text: Node) => {
      const value = (text.textContent ?? '').trim();
      if (key.test(value) && !text.parentElement?.closest('script, style')) seen.push(value);
    };
    const look = (node: Node) => {
      if (node.nodeType === Node.TEXT_NODE) return check(node);
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) check(walker.currentNode);
    };
    new MutationObserver((changes) => {
      for (const change of changes) {
        if (change.type === 'characterData') look(change.target);
        change.addedNodes.forEach(look);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, keyPattern);
}

/** The key-like texts the page has shown since it was opened. */
export const keysSeen = (page: Page): Promise<string[]> => page.evaluate(() => [...new Set((window as unknown as { keysSeen?: string[] }).keysSeen ?? [])]);

/**
 * The elements drawn past the window's left or right edge: those no scrolling or clipping box holds (a scroll box's own
 * content may run past its edges; the box itself may not), and the page itself scrolling sideways.
 */
export function outsideViewport(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const outside: string[] = [];
    if (document.documentElement.scrollWidth > width + 1) outside.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    const held = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      // Screen-reader-only texts are one pixel, clipped; hidden ones have no box.
      if (box.width <= 1 || box.height <= 1 || held(element)) continue;
      if (box.left < -1 || box.right > width + 1) {
        const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
        outside.push(`${name} spans ${Math.round(box.left)}..${Math.round(box.right)} of ${width}`);
      }
    }
    return outside;
  });
}

/** The header's controls (and the product name) that are drawn over one another. */
export function overlappingHeaderControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = Array.from(document.querySelectorAll('header > span, header button, header a')).map((element) => ({
      name: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim(),
      box: element.getBoundingClientRect(),
    }));
    const overlaps: string[] = [];
    controls.forEach((a, i) =>
      controls.slice(i + 1).forEach((b) => {
        const across = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const down = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (across > 1 && down > 1) overlaps.push(`${a.name} over ${b.name}`);
      }),
    );
    return overlaps;
  });
}

/**
 * Whether a font family has a language's script (`th`, `hi`, `ar`, `zh-cn`), as fontconfig says. Without fontconfig
 * (macOS), any font but the one that draws every missing glyph as a box.
 */
function familyHasScript(family: string, lang: string): boolean {
  const listed = spawnSync('fc-list', [`:lang=${lang}`, 'family'], { encoding: 'utf8' });
  if (listed.error) return family !== 'LastResort';
  return listed.stdout.split('\n').flatMap((line) => line.split(',')).some((name) => name.trim() === family);
}

/**
 * The fonts that drew the element's text. A page that renders again between finding the element and asking about it
 * replaces the node Chromium named; the element is then found again, as the page now draws it.
 */
async function fontsOf(cdp: CDPSession, selector: string): Promise<{ familyName: string; glyphCount: number }[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
      return (await cdp.send('CSS.getPlatformFontsForNode', { nodeId })).fonts;
    } catch (error) {
      if (attempt >= 5 || !/Could not find node/.test((error as Error).message)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/**
 * Whether the text of the element `selector` finds is drawn in a font that has the script of `lang`: Chromium names
 * the fonts it drew each element's glyphs with, and where no font has a script its glyphs come out as empty boxes in
 * some other one. The font that drew most of the text must be one that has the script.
 */
export async function drawnInItsScript(page: Page, selector: string, lang: string): Promise<{ drawnWith: string; hasScript: boolean }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const fonts = await fontsOf(cdp, selector);
    const main = [...fonts].sort((a, b) => b.glyphCount - a.glyphCount)[0];
    return { drawnWith: main?.familyName ?? 'nothing', hasScript: main !== undefined && familyHasScript(main.familyName, lang) };
  } finally {
    await cdp.detach();
  }
}
