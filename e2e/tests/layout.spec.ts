import { expect, test, type Page } from '@playwright/test';
import { everyone, openScreen, screensFor, signInAs } from './screens';

// Every screen at a phone, a laptop and a wide screen: no table cell breaks a word (or a price) across lines, no
// page is wider than the window (a wide table scrolls in its own box), and a full-page screenshot of each is kept.
const widths = [390, 1280, 1920];

interface BrokenWord {
  cell: string;
  word: string;
}

/**
 * The words of every visible table cell that the browser laid out on more than one line: each word's Range gives
 * one rect per line box it touches (per text node on the same line too, so rects only count when one sits wholly
 * below another).
 */
function brokenWords(page: Page): Promise<{ cells: number; broken: BrokenWord[] }> {
  return page.evaluate(() => {
    const broken: { cell: string; word: string }[] = [];
    const cells = Array.from(document.querySelectorAll<HTMLElement>('table th, table td')).filter(
      (cell) => cell.getClientRects().length > 0,
    );
    for (const cell of cells) {
      // The cell's text with its characters' positions. Text nodes of one element (React splits `$${price}`) join
      // into one word; text of different elements (a name over an e-mail, two buttons) is kept apart by a space.
      const chars: ({ node: Text; offset: number } | null)[] = [];
      let text = '';
      let parent: Element | null = null;
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        if (parent && node.parentElement !== parent) {
          chars.push(null);
          text += ' ';
        }
        parent = node.parentElement;
        for (let offset = 0; offset < node.data.length; offset++) chars.push({ node, offset });
        text += node.data;
      }
      for (const match of text.matchAll(/\S+/g)) {
        const first = chars[match.index]!;
        const last = chars[match.index + match[0].length - 1]!;
        const range = document.createRange();
        range.setStart(first.node, first.offset);
        range.setEnd(last.node, last.offset + 1);
        const rects = Array.from(range.getClientRects()).filter((rect) => rect.width > 0 && rect.height > 0);
        const split = rects.some((a) => rects.some((b) => b.top >= a.bottom - 1));
        if (split) broken.push({ cell: (cell.textContent ?? '').trim().slice(0, 60), word: match[0] });
      }
    }
    return { cells: cells.length, broken };
  });
}

for (const who of everyone) {
  for (const width of widths) {
    test(`no table breaks a word ${who}, ${width} px wide; screenshots attached`, async ({ page, request }, info) => {
      test.setTimeout(180_000);
      // Signed in at the default width, where the Logout button that confirms it is in the bar, not the menu.
      await signInAs(page, who);
      await page.setViewportSize({ width, height: 900 });
      const report: string[] = [];
      let checked = 0;
      for (const screen of await screensFor(who, request)) {
        await openScreen(page, screen);
        // Kept in the test's output folder (e2e/test-results, ignored by git) and listed in the report.
        const file = info.outputPath(`${width}px-${screen.name.replace(/\W+/g, '-')}.png`);
        await page.screenshot({ path: file, fullPage: true });
        await info.attach(`${who} ${width}px ${screen.name}`, { path: file, contentType: 'image/png' });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) report.push(`${screen.name}: the page is ${overflow} px wider than the window`);
        const { cells, broken } = await brokenWords(page);
        checked += cells;
        for (const { cell, word } of broken) report.push(`${screen.name}: "${word}" in "${cell}"`);
      }
      // The signed-out screens have the Instructors table; every role's dashboard has more.
      expect(checked, 'table cells were found and measured').toBeGreaterThan(0);
      expect(report, `words broken across lines at ${width} px`).toEqual([]);
    });
  }
}
