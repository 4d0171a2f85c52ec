import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { everyone, openScreen, screensFor, signInAs } from './screens';
import { ports } from './support';

// axe-core on every screen, signed out and as each role, at a phone, a tablet and a laptop width.
const widths = [390, 768, 1366];
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

for (const who of everyone) {
  for (const width of widths) {
    test(`axe finds no violation ${who}, ${width} px wide`, async ({ page, request }) => {
      test.setTimeout(180_000);
      // Signed in at the default width, where the Logout button that confirms it is in the bar, not the menu.
      await signInAs(page, who);
      await page.setViewportSize({ width, height: 900 });
      const report: string[] = [];
      for (const screen of await screensFor(who, request)) {
        await openScreen(page, screen);
        const { violations } = await new AxeBuilder({ page }).withTags(tags).analyze();
        for (const violation of violations) {
          report.push(
            `${screen.name} (${screen.path}): ${violation.id} [${violation.impact}] ${violation.help}\n` +
              violation.nodes
                .map((node) => `    ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ')}`)
                .join('\n'),
          );
        }
      }
      if (report.length) throw new Error(`${report.length} axe violation(s):\n${report.join('\n')}`);
    });
  }
}

// The badge a remote override shows on every page (README "Working on one remote against the live site"); the
// asset server's own manifest stands in for a developer's dev server.
for (const width of widths) {
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
