import { act, screen, within } from '@testing-library/react';
import { renderStandalone } from './renderStandalone';

const declared = [
  { path: '/', module: 'Home', title: 'Home' },
  { path: '/dashboard/feedback/:id', module: 'Feedback', title: 'Feedback' },
];
const exposed = (module: { default: () => React.ReactNode }) => () => Promise.resolve(module);

describe('a remote running alone', () => {
  beforeEach(() => {
    document.body.innerHTML = '<div id="root"></div>';
    window.history.replaceState(null, '', '/');
  });

  it('routes by the screens it declares and links those without params by their titles', async () => {
    await act(async () =>
      renderStandalone('mf-x', declared, {
        Home: exposed({ default: () => <h1>Home screen</h1> }),
        Feedback: exposed({ default: () => <h1>Feedback</h1> }),
      }),
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

  it('loads a screen only when it is shown', async () => {
    const loads: string[] = [];
    const counted = (name: string) => () => {
      loads.push(name);
      return Promise.resolve({ default: () => <h1>{name}</h1> });
    };
    window.history.replaceState(null, '', '/dashboard/feedback/42');
    await act(async () => renderStandalone('mf-x', declared, { Home: counted('Home'), Feedback: counted('Feedback') }));
    expect(await screen.findByRole('heading', { name: 'Feedback' })).toBeInTheDocument();
    expect(loads).toEqual(['Feedback']);
  });

  it('says in its place that a screen could not be loaded, and why', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () =>
      renderStandalone('mf-x', declared, {
        Home: () => Promise.reject(new Error('Loading chunk 7 failed')),
        Feedback: exposed({ default: () => null }),
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('mf-x: Home could not be shown: Loading chunk 7 failed');
    expect(screen.getByRole('navigation', { name: 'mf-x screens' })).toBeInTheDocument();
    jest.restoreAllMocks();
  });

  it('says which declared screen its federation config does not expose', () => {
    expect(() => renderStandalone('mf-x', declared, { Home: exposed({ default: () => null }) })).toThrow(
      'mf-x: screens.json declares Feedback, which federation.config.js does not expose',
    );
  });
});
