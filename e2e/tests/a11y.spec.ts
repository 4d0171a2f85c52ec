import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { everyone, openScreen, screensFor, signInAs, watchPolicy } from './screens';
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

for (const who of everyone) {
  test(`every screen ${who}: axe finds no violation at ${axeWidths.join(', ')} px, the tables fit and keep their words and stacked values at ${layoutWidths.join(', ')} px, and the policy refuses nothing; screenshots attached`, async ({
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
    for (const screen of await screensFor(who, request)) {
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
          // Only violations are read: axe need not gather and describe every node that passes.
          const found = (
            await new AxeBuilder({ page })
              .withTags(tags)
              .options({ resultTypes: ['violations'] })
              .analyze()
          ).violations;
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
          // Kept in the test's output folder (e2e/test-results, ignored by git) and listed in the report.
          const file = info.outputPath(`${width}px-${screen.name.replace(/\W+/g, '-')}.png`);
          await page.screenshot({ path: file, fullPage: true });
          await info.attach(`${who} ${width}px ${screen.name}`, { path: file, contentType: 'image/png' });
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
    // The signed-out screens have the Instructors table; every role's dashboard has more.
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
