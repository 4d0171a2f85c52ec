import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '@sportify/shared-ui';
import { ClassCard } from './ClassCard';

const item = {
  className: 'Tennis Camp',
  classImage: '/tennis.svg',
  picture: { status: 'ready' as const, id: 'a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1' },
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
    expect(screen.getByRole('img', { name: 'Tennis Camp' })).toHaveAttribute(
      'src',
      '/pictures/a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1/640.jpg',
    );
    expect(card).toHaveStyle({ background: theme.colors.surface });
  });

  it("shows when a dated class starts, in the camp's time zone, and nothing for an undated one", () => {
    render(
      <ThemeProvider theme={theme}>
        <ClassCard item={{ ...item, className: 'Dated', startDate: '2027-07-06T13:00:00.000Z' }} />
        <ClassCard item={{ ...item, className: 'Undated' }} />
      </ThemeProvider>,
    );
    expect(screen.getByRole('article', { name: 'Dated' })).toHaveTextContent('Starts Tue, Jul 6, 2027, 9:00 AM EDT');
    expect(screen.getByRole('article', { name: 'Undated' })).not.toHaveTextContent('Starts');
  });

  it('shows the age range in its three forms, and nothing for a class open to every age', () => {
    render(
      <ThemeProvider theme={theme}>
        <ClassCard item={{ ...item, className: 'Both', minAge: 8, maxAge: 12 }} />
        <ClassCard item={{ ...item, className: 'From', minAge: 13 }} />
        <ClassCard item={{ ...item, className: 'Until', maxAge: 7 }} />
        <ClassCard item={{ ...item, className: 'Open' }} />
      </ThemeProvider>,
    );
    expect(screen.getByRole('article', { name: 'Both' })).toHaveTextContent('Ages 8–12');
    expect(screen.getByRole('article', { name: 'From' })).toHaveTextContent('Ages 13+');
    expect(screen.getByRole('article', { name: 'Until' })).toHaveTextContent('Up to age 7');
    expect(screen.getByRole('article', { name: 'Open' })).not.toHaveTextContent(/Ages|Up to age/);
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
