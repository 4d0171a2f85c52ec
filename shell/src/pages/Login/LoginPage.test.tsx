import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '@sportify/shared-ui/testing';
import { fakeAuth, renderApp, type FakeAuth } from '../../test/renderApp';
import { EmailNotVerifiedError, type AuthAccount } from '../../auth/authService';

const googleAccount: AuthAccount = {
  email: 'new@sportify.camp',
  displayName: 'New Camper',
  photoURL: 'http://photos.test/new.png',
  getIdToken: async () => 'firebase-id-token',
};

const form = () => screen.getByRole('form', { name: 'Login' });

describe('Login page', () => {
  afterEach(() => {
    jest.restoreAllMocks();
    localStorage.clear();
  });

  it('has its fields, links and buttons and sets the title', async () => {
    await renderApp({ path: '/login' });
    expect(document.title).toBe('Sportify Camp || Login');
    expect(screen.getByPlaceholderText('Type Your Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeInTheDocument();
    expect(screen.getByRole('separator', { name: 'OR' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register...' })).toHaveAttribute('href', '/register');
  });

  it('validates on submit and revalidates on change', async () => {
    const user = userEvent.setup();
    const { auth } = await renderApp({ path: '/login' });
    await user.click(within(form()).getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Email Address is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(auth.signInWithEmail).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Email'), 'mia@sportify.camp');
    expect(screen.queryByText('Email Address is required')).not.toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('toggles the password between hidden and visible', async () => {
    const user = userEvent.setup();
    await renderApp({ path: '/login' });
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it("shows the provider's message in red under the form and resets it when sign-in fails", async () => {
    const user = userEvent.setup();
    const auth = fakeAuth({
      signInWithEmail: jest.fn().mockRejectedValue(new Error('Firebase: Error (auth/wrong-password).')),
    });
    await renderApp({ path: '/login', auth });
    await user.type(screen.getByLabelText('Email'), 'mia@sportify.camp');
    await user.type(screen.getByLabelText('Password'), 'Wrong@2026');
    await user.click(within(form()).getByRole('button', { name: 'Login' }));

    const message = await screen.findByRole('alert');
    expect(message).toHaveTextContent('Firebase: Error (auth/wrong-password).');
    expect(message).toHaveStyle({ color: '#dc2626' });
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('an unverified account of a real project is told to verify its e-mail and can have the link sent again', async () => {
    const user = userEvent.setup();
    const auth = fakeAuth({ signInWithEmail: jest.fn().mockRejectedValue(new EmailNotVerifiedError()) });
    const { location } = await renderApp({ path: '/login', auth });
    await user.type(screen.getByLabelText('Email'), 'new@sportify.camp');
    await user.type(screen.getByLabelText('Password'), 'Camper@2026');
    await user.click(within(form()).getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please verify your e-mail: we sent you a link');
    expect(location().pathname).toBe('/login');
    await user.click(screen.getByRole('button', { name: 'Resend the link' }));
    expect(auth.resendVerification).toHaveBeenCalledWith('new@sportify.camp', 'Camper@2026');
    expect(await screen.findByRole('status')).toHaveTextContent('We sent you a new link.');
  }, 15_000); // typing into two fields takes seconds on a loaded machine

  it('signs in and goes back to the page the guard sent the user from', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'POST /jwt': [201, { token: 'api-token' }],
      'GET /me': [200, { email: 'jordan@sportify.camp', role: 'instructor', displayName: 'Jordan', photoURL: null }],
    });
    const jordan: AuthAccount = { ...googleAccount, email: 'jordan@sportify.camp', displayName: 'Jordan' };
    // The provider reports the account once signed in, as Firebase does; the session follows from it.
    const auth: FakeAuth = fakeAuth({ signInWithEmail: jest.fn(async () => auth.emit(jordan)) });
    const { location } = await renderApp({ path: '/dashboard/my-classes', auth, syncSession: true });
    expect(location().pathname).toBe('/login');
    await user.type(screen.getByLabelText('Email'), 'jordan@sportify.camp');
    await user.type(screen.getByLabelText('Password'), 'Coach@2026');
    await user.click(within(form()).getByRole('button', { name: 'Login' }));
    expect(auth.signInWithEmail).toHaveBeenCalledWith('jordan@sportify.camp', 'Coach@2026');

    expect(await screen.findByRole('heading', { name: 'mf_instructor/MyClasses screen' })).toBeInTheDocument();
    expect(location().pathname).toBe('/dashboard/my-classes');
    api.restore();
  }, 15_000); // typing into two fields takes seconds on a loaded machine

  it('signs in with Google, registers the user with the API and returns to where they came from', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'POST /users': [201, { insertedId: 'u1' }],
      'POST /jwt': [201, { token: 'api-token' }],
      'GET /me': [
        200,
        {
          email: 'new@sportify.camp',
          role: 'student',
          displayName: 'New Camper',
          photoURL: 'http://photos.test/new.png',
        },
      ],
    });
    const auth: FakeAuth = fakeAuth({
      signInWithGoogle: jest.fn(async () => {
        auth.emit(googleAccount);
        return googleAccount;
      }),
    });
    const { location } = await renderApp({ path: '/dashboard/selected-classes', auth, syncSession: true });
    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));

    expect(await screen.findByRole('heading', { name: 'mf_student/SelectedClasses screen' })).toBeInTheDocument();
    expect(location().pathname).toBe('/dashboard/selected-classes');
    expect(api.calls).toContainEqual({
      method: 'POST',
      url: '/users',
      authorization: 'Bearer firebase-id-token',
      body: { userName: 'New Camper', email: 'new@sportify.camp', userPhoto: 'http://photos.test/new.png' },
    });
    expect(localStorage.getItem('access-token')).toBe('api-token');
    api.restore();
  });
});
