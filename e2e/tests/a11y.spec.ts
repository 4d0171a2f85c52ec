import AxeBuilder from '@axe-core/playwright';
import { test } from '@playwright/test';
import { everyone, openScreen, screensFor, signInAs } from './screens';

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
