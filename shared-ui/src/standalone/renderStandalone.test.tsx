import { act, screen, within } from '@testing-library/react';
import { renderStandalone } from './renderStandalone';

const declared = [
  { path: '/', module: 'Home', title: 'Home' },
  { path: '/dashboard/feedback/:id', module: 'Feedback', title: 'Feedback' },
];

describe('a remote running alone', () => {
  beforeEach(() => {
    document.body.innerHTML = '<div id="root"></div>';
  });

  it('routes by the screens it declares and links those without params by their titles', async () => {
    await act(async () =>
      renderStandalone('mf-x', declared, { Home: () => <h1>Home screen</h1>, Feedback: () => <h1>Feedback</h1> }),
    );
    expect(await screen.findByRole('heading', { name: 'Home screen' })).toBeInTheDocument();
    const bar = screen.getByRole('navigation', { name: 'mf-x screens' });
    expect(
      within(bar)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/']);
    expect(within(bar).getByRole('link', { name: 'Home' })).toBeInTheDocument();
  });

  it('says which declared screen its bootstrap does not pass', () => {
    expect(() => renderStandalone('mf-x', declared, { Home: () => null })).toThrow(
      'mf-x: screens.json declares Feedback, which bootstrap.tsx does not pass',
    );
  });
});
