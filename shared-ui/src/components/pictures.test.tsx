import { fireEvent, render, screen } from '@testing-library/react';
import { AppProviders } from './AppProviders';
import { Avatar } from './Avatar';
import { ClassPicture } from './ClassPicture';
import { makeStore } from '../store/store';

const show = (ui: React.ReactElement) => render(<AppProviders store={makeStore()}>{ui}</AppProviders>);

describe('picture fallbacks', () => {
  it('shows a class picture, then a named sports placeholder once its URL fails', () => {
    show(<ClassPicture src="http://img.test/broken.png" alt="Tennis Camp" loading="lazy" />);
    const picture = screen.getByRole('img', { name: 'Tennis Camp' });
    expect(picture.tagName).toBe('IMG');
    expect(picture).toHaveAttribute('src', 'http://img.test/broken.png');
    fireEvent.error(picture);
    const placeholder = screen.getByRole('img', { name: 'Tennis Camp' });
    expect(placeholder.tagName).not.toBe('IMG');
    expect(placeholder).not.toHaveAttribute('src');
    expect(placeholder.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows the placeholder at once for a class without a picture URL', () => {
    show(<ClassPicture src="" alt="Soccer Training" />);
    expect(screen.getByRole('img', { name: 'Soccer Training' }).tagName).not.toBe('IMG');
    expect(document.querySelector('img')).toBeNull();
  });

  it('tries a new picture URL again after an earlier one failed', () => {
    const { rerender } = show(<ClassPicture src="http://img.test/a.png" alt="Swim" />);
    fireEvent.error(screen.getByRole('img', { name: 'Swim' }));
    expect(document.querySelector('img')).toBeNull();
    rerender(
      <AppProviders store={makeStore()}>
        <ClassPicture src="http://img.test/b.png" alt="Swim" />
      </AppProviders>,
    );
    expect(screen.getByRole('img', { name: 'Swim' })).toHaveAttribute('src', 'http://img.test/b.png');
  });

  it("shows a person's initials once their photo fails", () => {
    show(<Avatar src="http://img.test/nobody.png" name="Jordan Lee" alt="Profile picture of Jordan Lee" size={48} />);
    fireEvent.error(screen.getByRole('img', { name: 'Profile picture of Jordan Lee' }));
    const initials = screen.getByRole('img', { name: 'Profile picture of Jordan Lee' });
    expect(initials).toHaveTextContent('JL');
    expect(document.querySelector('img')).toBeNull();
  });
});
