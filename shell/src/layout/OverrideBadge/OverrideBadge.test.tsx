import { screen, within } from '@testing-library/react';
import { renderApp, studentSession } from '../../test/renderApp';
import { parseOverrides } from '@sportify/platform/config';
import { CLEAR_OVERRIDE_URL } from './OverrideBadge';

const DEV = 'http://localhost:4101/mf-manifest.json';

describe('the override badge', () => {
  it('says on every page which remote this browser loads from where, with Clear', async () => {
    await renderApp({ path: '/', overrides: { mf_public: DEV } });
    const badge = screen.getByRole('complementary', { name: 'Remote override' });
    expect(badge).toHaveTextContent(`mf_public is loaded from ${DEV} for this browser only`);
    expect(within(badge).getByRole('link', { name: 'Clear override' })).toHaveAttribute('href', CLEAR_OVERRIDE_URL);
    // Above the navbar, in the page's flow: before the banner, never inside the main content.
    const banner = screen.getByRole('banner');
    expect(badge.compareDocumentPosition(banner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('main')).not.toContainElement(badge);
  });

  it('is on dashboard pages too', async () => {
    await renderApp({
      path: '/dashboard/selected-classes',
      session: studentSession,
      overrides: { mf_student: 'https://dev.example.test/mf-student/mf-manifest.json' },
    });
    expect(await screen.findByRole('complementary', { name: 'Remote override' })).toHaveTextContent(
      'mf_student is loaded from https://dev.example.test/mf-student/mf-manifest.json',
    );
  });

  it('is not shown without an override', async () => {
    await renderApp({ path: '/' });
    expect(screen.getByRole('heading', { name: 'mf_public/Home screen' })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Remote override' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Clear override' })).not.toBeInTheDocument();
  });

  it("keeps only names to http(s) URLs from config.json's overrides", () => {
    expect(parseOverrides({ overrides: { mf_public: DEV, mf_admin: 'javascript:alert(1)', mf_student: 5 } })).toEqual({
      mf_public: DEV,
    });
    expect(parseOverrides({})).toEqual({});
    expect(parseOverrides(null)).toEqual({});
  });
});
