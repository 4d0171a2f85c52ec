import type { ComponentType } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders, makeStore } from '@sportify/shared-ui';
import SelectedClasses from './SelectedClasses';
import EnrolledClasses from './EnrolledClasses';
import Payment from './Payment';
import Family from './Family';
import Messages from './Messages';
import Profile from './Profile';

// Every exposed module default-exports a screen that renders inside the shell's store, router and theme.
const screens: Array<[string, ComponentType, string]> = [
  ['SelectedClasses', SelectedClasses, 'My Selected Classes'],
  ['EnrolledClasses', EnrolledClasses, 'My Enrolled Classes'],
  ['Payment', Payment, 'Payment'],
  ['Family', Family, 'My Family'],
  ['Messages', Messages, 'Messages'],
  ['Profile', Profile, 'Profile'],
];

it.each(screens)('%s renders its heading', (_name, Screen, heading) => {
  render(
    <AppProviders store={makeStore()}>
      <MemoryRouter>
        <Screen />
      </MemoryRouter>
    </AppProviders>,
  );
  expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
});
