import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../test/renderApp';

// Login's code fails to load (a network error) until the test lets it through.
let mockLoginFails = true;
jest.mock('./Login/LoginPage', () => {
  if (mockLoginFails) throw new Error('Loading chunk sign-in failed');
  return jest.requireActual('./Login/LoginPage');
});

describe('the shell pages that load when opened', () => {
  it('shows the area panel when Login cannot load, and Retry loads it', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await renderApp({ path: '/login' });
    expect(await screen.findByRole('heading', { name: 'This area is unavailable' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Login' })).not.toBeInTheDocument();

    mockLoginFails = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('form', { name: 'Login' })).toBeInTheDocument();
    // The navbar and footer stayed in place around it.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});
