import { render, screen } from '@testing-library/react';
import { AppProviders } from './AppProviders';
import { Avatar } from './Avatar';
import { ClassPicture } from './ClassPicture';
import { makeStore } from '../store/store';

const show = (ui: React.ReactElement) => render(<AppProviders store={makeStore()}>{ui}</AppProviders>);
const ID = 'a1'.repeat(16);
const CARD = { sizes: '(min-width: 768px) 50vw, 100vw', width: 400, height: 300 };

describe('pictures', () => {
  it("shows a held class picture from the site's origin, in modern formats at every served width", () => {
    show(<ClassPicture picture={{ status: 'ready', id: ID }} alt="Tennis Camp" {...CARD} />);
    const img = screen.getByRole('img', { name: 'Tennis Camp' });
    expect(img.tagName).toBe('IMG');
    expect(img).toHaveAttribute('src', `/pictures/${ID}/640.jpg`);
    expect(img).toHaveAttribute('width', '400');
    expect(img).toHaveAttribute('height', '300');
    expect(img).toHaveAttribute('sizes', CARD.sizes);
    expect(img).toHaveAttribute('loading', 'lazy');
    const sources = img.parentElement!.querySelectorAll('source');
    expect([...sources].map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0].getAttribute('srcset')).toBe(
      [160, 320, 480, 640, 960, 1280].map((w) => `/pictures/${ID}/${w}.avif ${w}w`).join(', '),
    );
  });

  it('shows the named placeholder, never a URL, while a picture is imported or after its import failed', () => {
    for (const picture of [{ status: 'pending' as const }, { status: 'failed' as const, error: 'no answer' }, null]) {
      const { unmount } = show(<ClassPicture picture={picture} alt="Soccer Training" {...CARD} />);
      expect(screen.getByRole('img', { name: 'Soccer Training' }).tagName).not.toBe('IMG');
      expect(document.querySelector('img, source')).toBeNull();
      unmount();
    }
  });

  it('fetches the first picture at once with high priority', () => {
    show(<ClassPicture picture={{ status: 'ready', id: ID }} alt="Swim" priority {...CARD} />);
    const img = screen.getByRole('img', { name: 'Swim' });
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });

  it("shows a person's held photo at their size, and their initials until the site holds one", () => {
    const { unmount } = show(
      <Avatar picture={{ status: 'ready', id: ID }} name="Jordan Lee" alt="Profile picture of Jordan Lee" size={48} />,
    );
    const photo = screen.getByRole('img', { name: 'Profile picture of Jordan Lee' });
    expect(photo).toHaveAttribute('src', `/pictures/${ID}/160.jpg`);
    expect(photo).toHaveAttribute('srcset', `/pictures/${ID}/160.jpg 1x, /pictures/${ID}/160.jpg 2x`);
    expect(photo).toHaveAttribute('width', '48');
    unmount();
    show(<Avatar picture={{ status: 'pending' }} name="Jordan Lee" alt="Profile picture of Jordan Lee" size={48} />);
    expect(screen.getByRole('img', { name: 'Profile picture of Jordan Lee' })).toHaveTextContent('JL');
  });
});
