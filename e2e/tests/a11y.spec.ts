import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import axe from 'axe-core';
import { openScreen, publicScreens, screensFor, signInAs, watchPolicy, type Screen, type Who } from './screens';
import { brokenWords, strayStackedContent, tooWide } from './layout';
import { hydrated, ports } from './support';

// Every screen, signed out and as each role, loaded once and checked at each width (the layout is CSS alone, so a
// resized page is laid out as one loaded at that width):
// - axe-core at a phone, a tablet and a laptop width;
// - at every width, no table cell breaks a word (or a price) across lines, no page is wider than the window, no
//   table is wider than its box and nothing scrolls sideways in a box of its own (a table fits its column from a
//   laptop up, and stacks its rows as cards below); a full-page screenshot of each is kept;
// - at a phone and a tablet width, where rows are stacked as cards, each cell's content sits in its value column
//   beside its label;
// - the page's content security policy refuses nothing while it loads, hydrates and styles itself.
const axeWidths = [390, 768, 1366];
const stackedWidths = [390, 768];
const layoutWidths = [...stackedWidths, 1280, 1366, 1920];
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * axe's violations of the page at its current width: only violations, as axe need not gather and describe every node
 * that passes. A page with no frame but its own (the screens have none) gets axe once per page load and runs it at
 * each width, the same rules over the same document as AxeBuilder, which loads axe into the page twice for every
 * check and finishes in a blank page of its own; a page with frames goes through AxeBuilder, which checks each frame.
 */
async function axeViolations(page: Page): Promise<axe.Result[]> {
  const options = { runOnly: { type: 'tag' as const, values: tags }, resultTypes: ['violations' as const] };
  if (page.frames().length > 1) return (await new AxeBuilder({ page }).options(options).analyze()).violations;
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page
    .evaluate((runOptions) => (window as unknown as { axe: typeof axe }).axe.run(document, runOptions), options)
    .then((results) => results.violations);
}

// A signed-in role's sweep is two journeys, its own screens and the public ones, so that the sweep's parts share the
// two workers evenly; the longest come first. Together they check every screen of `screensFor` as before.
type Part = 'every screen' | 'own screens' | 'public screens';
const sweeps: { who: Who; part: Part }[] = [
  ...(['admin', 'student', 'instructor'] as const).map((who) => ({ who, part: 'own screens' as const })),
  { who: 'signed out', part: 'every screen' },
  ...(['admin', 'student', 'instructor'] as const).map((who) => ({ who, part: 'public screens' as const })),
];
const isPublic = (screen: Screen) => publicScreens.some((open) => open.path === screen.path);
const inPart = (part: Part) => (screen: Screen) =>
  part === 'every screen' || (part === 'public screens') === isPublic(screen);

for (const { who, part } of sweeps) {
  test(`${part} ${who}: axe finds no violation at ${axeWidths.join(', ')} px, the tables fit and keep their words and stacked values at ${layoutWidths.join(', ')} px, and the policy refuses nothing; screenshots attached`, async ({
    page,
    request,
  }, info) => {
    test.setTimeout(300_000);
    const refused = watchPolicy(page);
    // Signed in at the default width, where the Logout button that confirms it is in the bar, not the menu.
    await signInAs(page, who);
    // Cards that come into view at a new width would otherwise be measured while they fade in; at rest they look
    // as they do without the animation.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const violations: string[] = [];
    const layout: string[] = [];
    let checked = 0;
    let stacked = 0;
    const policy: string[] = [];
    for (const screen of (await screensFor(who, request)).filter(inPart(part))) {
      const refusedBefore = refused.length;
      await openScreen(page, screen);
      await hydrated(page);
      // The server's styles and the browser's own are both applied: the navbar has its layout.
      await expect(page.getByRole('banner')).toHaveCSS('position', /sticky|relative|static|fixed/);
      for (const width of [...new Set([...axeWidths, ...layoutWidths])].sort((a, b) => a - b)) {
        await page.setViewportSize({ width, height: 900 });
        // The next frame is laid out at the new width.
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        if (axeWidths.includes(width)) {
          const found = await axeViolations(page);
          for (const violation of found) {
            violations.push(
              `${screen.name} (${screen.path}) at ${width} px: ${violation.id} [${violation.impact}] ${violation.help}\n` +
                violation.nodes
                  .map(
                    (node) => `    ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ')}`,
                  )
                  .join('\n'),
            );
          }
        }
        if (layoutWidths.includes(width)) {
          // Kept in the test's output folder (e2e/test-results, ignored by git) and listed in the report. A JPEG: the
          // browser encodes a full page in about 60% of a PNG's time.
          const file = info.outputPath(`${width}px-${screen.name.replace(/\W+/g, '-')}.jpg`);
          await page.screenshot({ path: file, fullPage: true, type: 'jpeg', quality: 85 });
          await info.attach(`${who} ${width}px ${screen.name}`, { path: file, contentType: 'image/jpeg' });
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          if (overflow > 0)
            layout.push(`${screen.name} at ${width} px: the page is ${overflow} px wider than the window`);
          const { cells, broken } = await brokenWords(page);
          checked += cells;
          for (const { cell, word } of broken) layout.push(`${screen.name} at ${width} px: "${word}" in "${cell}"`);
          for (const found of await tooWide(page)) layout.push(`${screen.name} at ${width} px: ${found}`);
          if (stackedWidths.includes(width)) {
            const { cells: cards, stray } = await strayStackedContent(page);
            stacked += cards;
            for (const found of new Set(stray)) layout.push(`${screen.name} at ${width} px: ${found}`);
          }
        }
      }
      await page.setViewportSize({ width: 1280, height: 720 });
      for (const text of refused.slice(refusedBefore)) policy.push(`${screen.name} (${screen.path}): ${text}`);
    }
    expect(policy, "the page's content security policy refused something").toEqual([]);
    if (violations.length) throw new Error(`${violations.length} axe violation(s):\n${violations.join('\n')}`);
    // The public screens have the Instructors table; every role's own screens have more.
    expect(checked, 'table cells were found and measured').toBeGreaterThan(0);
    expect(stacked, 'stacked rows were found and measured').toBeGreaterThan(0);
    expect(
      layout,
      'words broken across lines, pages or tables wider than their box, or stacked values away from their labels',
    ).toEqual([]);
  });
}

// The badge a remote override shows on every page (README "Working on one remote against the live site"); the
// asset server's own manifest stands in for a developer's dev server.
for (const width of axeWidths) {
  test(`the override badge: axe finds no violation and it covers nothing, ${width} px wide`, async ({ page }) => {
    const manifest = `http://localhost:${ports.mfPublic}/mf-manifest.json`;
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/__sportify/override?${new URLSearchParams({ remote: 'mf_public', url: manifest })}`);
    const badge = page.getByRole('complementary', { name: 'Remote override' });
    await expect(badge).toContainText(`mf_public is loaded from ${manifest}`);
    await expect(page.getByRole('heading', { name: 'Top 6 Popular Class', exact: true })).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).withTags(tags).analyze();
    expect(
      violations.map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(', ')}`),
    ).toEqual([]);
    // In the page's flow above the navbar: it overlaps neither the bar nor the content, and the page keeps its width.
    const box = (await badge.boundingBox())!;
    for (const part of [page.getByRole('banner'), page.getByRole('main')]) {
      const other = (await part.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(other.y + 0.5);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await badge.getByRole('link', { name: 'Clear override' }).click();
    await expect(badge).toHaveCount(0);
  });
}
