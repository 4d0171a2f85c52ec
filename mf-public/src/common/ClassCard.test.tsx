import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '@sportify/shared-ui';
import { ClassCard } from './ClassCard';

const item = {
  className: 'Tennis Camp',
  classImage: '/tennis.svg',
  instructorName: 'Sam Rivera',
  seats: 4,
  price: 90,
  enrolled: 6,
};

const renderCard = (seats: number) =>
  render(
    <ThemeProvider theme={theme}>
      <ClassCard item={{ ...item, seats }} showEnrolled />
    </ThemeProvider>,
  );

describe('ClassCard', () => {
  it('shows the class fields with the price in dollars', () => {
    renderCard(4);
    const card = screen.getByRole('article', { name: 'Tennis Camp' });
    expect(card).toHaveTextContent('Instructor Name: Sam Rivera');
    expect(card).toHaveTextContent('Available Seats: 4');
    expect(card).toHaveTextContent('Price: $90');
    expect(card).toHaveTextContent('Enrolled Student: 6');
    expect(screen.getByRole('img', { name: 'Tennis Camp' })).toHaveAttribute('src', '/tennis.svg');
    expect(card).toHaveStyle({ background: theme.colors.surface });
  });

  it('turns red when no seats are left', () => {
    renderCard(0);
    expect(screen.getByRole('article', { name: 'Tennis Camp' })).toHaveStyle({
      background: theme.colors.dangerSurface,
    });
  });

  it('fetches a first-row picture at once and leaves the others lazy', () => {
    render(
      <ThemeProvider theme={theme}>
        <ClassCard item={{ ...item, className: 'First' }} priority />
        <ClassCard item={{ ...item, className: 'Later' }} />
      </ThemeProvider>,
    );
    const first = screen.getByRole('img', { name: 'First' });
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(screen.getByRole('img', { name: 'Later' })).toHaveAttribute('loading', 'lazy');
  });
});
