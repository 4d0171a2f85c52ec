import { screen } from '@testing-library/react';
import { renderApp } from '../../test/renderApp';

it('shows the not-found page with an image and a link back home for an unknown path', async () => {
  await renderApp({ path: '/no/such/page' });
  expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Lost ball: page not found' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to Home Page' })).toHaveAttribute('href', '/');
  expect(document.title).toBe('Sportify Camp || Page not found');
});
