import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '@sportify/shared-ui/testing';
import type { AuthAccount } from '../../auth/authService';
import { fakeAuth, renderApp } from '../../test/renderApp';

const account: AuthAccount = {
  email: 'zoe@sportify.camp',
  displayName: null,
  photoURL: null,
  getIdToken: async () => 'firebase-id-token',
};

const form = () => screen.getByRole('form', { name: 'Register' });
const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(within(form()).getByRole('button', { name: 'Register' }));

// Forms typed key by key on a busy machine: generous time (timings are not what is tested).
jest.setTimeout(30_000);

async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<Record<string, string>>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

describe('Register page', () => {
  afterEach(() => localStorage.clear());

  it('shows the required messages on submit', async () => {
    const user = userEvent.setup();
    await renderApp({ path: '/register' });
    expect(screen.getByRole('heading', { name: 'Register Here' })).toBeInTheDocument();
    await submit(user);
    for (const message of [
      'Your name is required',
      'Photo URL is required',
      'Email Address is required',
      'Password is required',
      'Password did not match',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
  });

  it.each([
    ['Ab!', 'Password must be 6 characters'],
    ['Abcdefghijklmnopqrs!1', 'Password must be less than 20 characters'],
    ['abcdef!', 'Password must have one uppercase and one special character.'],
    ['Abcdefg', 'Password must have one uppercase and one special character.'],
  ])('rejects the password %s with "%s"', async (password, message) => {
    const user = userEvent.setup();
    await renderApp({ path: '/register' });
    await fill(user, { Password: password });
    await submit(user);
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it('checks that the passwords match and revalidates on change', async () => {
    const user = userEvent.setup();
    await renderApp({ path: '/register' });
    await fill(user, { Password: 'Camper@26', 'Confirm Password': 'Camper@27' });
    await submit(user);
    expect(screen.getByText('Password did not match')).toBeInTheDocument();
    await fill(user, { 'Confirm Password': 'Camper@26' });
    expect(screen.queryByText('Password did not match')).not.toBeInTheDocument();
  });

  it('offers the three genders, Google sign-in and a link to Login', async () => {
    await renderApp({ path: '/register' });
    const gender = screen.getByRole('combobox', { name: 'Gender' });
    expect(
      within(gender)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['female', 'male', 'other']);
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Already have an account? Please Login...' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('creates the account, registers it with the API with gender and goes to /', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'POST /users': [201, { insertedId: 'u9' }] });
    const auth = fakeAuth({ register: jest.fn().mockResolvedValue(account) });
    const { location } = await renderApp({ path: '/register', auth });
    await fill(user, {
      Name: 'Zoe Park',
      'Photo URL': 'http://photos.test/zoe.png',
      Email: 'zoe@sportify.camp',
      Password: 'Camper@26',
      'Confirm Password': 'Camper@26',
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Gender' }), 'other');
    await submit(user);

    expect(await screen.findByRole('heading', { name: 'mf_public/Home screen' })).toBeInTheDocument();
    expect(location().pathname).toBe('/');
    expect(auth.register).toHaveBeenCalledWith({
      name: 'Zoe Park',
      photoURL: 'http://photos.test/zoe.png',
      email: 'zoe@sportify.camp',
      password: 'Camper@26',
    });
    expect(api.calls).toEqual([
      {
        method: 'POST',
        url: '/users',
        authorization: 'Bearer firebase-id-token',
        body: {
          userName: 'Zoe Park',
          email: 'zoe@sportify.camp',
          userPhoto: 'http://photos.test/zoe.png',
          gender: 'other',
        },
      },
    ]);
    api.restore();
  });

  it("takes a photo file instead of the URL: uploads it with the new account's token, then registers its id", async () => {
    const user = userEvent.setup();
    const id = 'a1'.repeat(16);
    const api = mockApi({
      'POST /pictures': [201, { id, width: 400, height: 400, url: `http://localhost:3000/pictures/${id}/960.jpg` }],
      'POST /users': [201, { insertedId: 'u9' }],
    });
    const auth = fakeAuth({ register: jest.fn().mockResolvedValue(account) });
    await renderApp({ path: '/register', auth });
    await fill(user, {
      Name: 'Zoe Park',
      Email: 'zoe@sportify.camp',
      Password: 'Camper@26',
      'Confirm Password': 'Camper@26',
    });
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'zoe.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Upload a picture'), photo);
    await submit(user);

    expect(await screen.findByRole('heading', { name: 'mf_public/Home screen' })).toBeInTheDocument();
    expect(auth.register).toHaveBeenCalledWith(expect.objectContaining({ photoURL: '' }));
    expect(api.calls.map((c) => [c.method, c.url, c.authorization])).toEqual([
      ['POST', '/pictures', 'Bearer firebase-id-token'],
      ['POST', '/users', 'Bearer firebase-id-token'],
    ]);
    // A multipart body with the file (jsdom's File meets Node's FormData here: the journeys send real bytes).
    expect(api.calls[0].body).toBeInstanceOf(FormData);
    expect((api.calls[0].body as FormData).has('file')).toBe(true);
    expect(api.calls[1].body).toEqual({
      userName: 'Zoe Park',
      email: 'zoe@sportify.camp',
      pictureId: id,
      gender: 'female',
    });
    api.restore();
  });

  it("shows the provider's message in red and resets the form when registration fails", async () => {
    const user = userEvent.setup();
    const auth = fakeAuth({
      register: jest.fn().mockRejectedValue(new Error('Firebase: Error (auth/email-already-in-use).')),
    });
    await renderApp({ path: '/register', auth });
    await fill(user, {
      Name: 'Mia',
      'Photo URL': 'http://photos.test/mia.png',
      Email: 'mia@sportify.camp',
      Password: 'Camper@26',
      'Confirm Password': 'Camper@26',
    });
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Firebase: Error (auth/email-already-in-use).');
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });
});
