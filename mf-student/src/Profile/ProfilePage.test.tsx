import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppToastContainer } from '@sportify/shared-ui';
import { mockApi, renderScreen, sessionAs } from '@sportify/shared-ui/testing';
import { ProfilePage } from './ProfilePage';

// Forms typed key by key on a busy machine: generous time (timings are not what is tested).
jest.setTimeout(30_000);

const ID = 'a1'.repeat(16);
let http: ReturnType<typeof mockApi>;
afterEach(() => http.restore());

function open() {
  renderScreen(
    <>
      <ProfilePage />
      <AppToastContainer />
    </>,
    { path: '/dashboard/profile', session: sessionAs('instructor', 'jordan@sportify.camp', 'Jordan Lee') },
  );
  return userEvent.setup();
}

const me = (changes: object) => ({
  email: 'jordan@sportify.camp',
  role: 'instructor',
  displayName: 'Jordan Lee',
  photoURL: null,
  pictureId: null,
  ...changes,
});

describe('Profile', () => {
  it('saves a new name with a photo URL, which the API imports after the save', async () => {
    http = mockApi({
      'PATCH /me': (_config, body) => [200, me({ displayName: (body as { userName: string }).userName })],
    });
    const user = open();
    expect(screen.getByRole('heading', { name: 'Profile', level: 1 })).toBeInTheDocument();
    const name = screen.getByLabelText('Name');
    expect(name).toHaveValue('Jordan Lee');
    await user.clear(name);
    await user.type(name, 'Jordan Rivers');
    await user.type(screen.getByLabelText('Photo URL'), 'https://photos.example/jordan.jpg');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile saved: your photo shows once it is loaded')).toBeInTheDocument();
    expect(http.calls.filter((c) => c.method === 'PATCH')).toEqual([
      expect.objectContaining({
        url: '/me',
        body: { userName: 'Jordan Rivers', userPhoto: 'https://photos.example/jordan.jpg' },
      }),
    ]);
    // The form starts again from the saved profile.
    expect(screen.getByLabelText('Name')).toHaveValue('Jordan Rivers');
    expect(screen.getByLabelText('Photo URL')).toHaveValue('');
  });

  it('uploads a chosen file first and names it, then shows the held photo', async () => {
    http = mockApi({
      'POST /pictures': () => [201, { id: ID, url: `/pictures/${ID}/960.jpg` }],
      'PATCH /me': () => [200, me({ photoURL: `http://localhost:3000/pictures/${ID}/960.jpg`, pictureId: ID })],
    });
    const user = open();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Upload a picture'), file);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(http.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ userName: 'Jordan Lee', pictureId: ID });
    const photo = screen.getByRole('img', { name: 'Your photo: Jordan Lee' });
    expect(photo).toHaveAttribute('src', `/pictures/${ID}/160.jpg`);
  });

  it("says 'Name is required' and sends nothing without a name; shows the API's refusal", async () => {
    http = mockApi({ 'PATCH /me': () => [400, { statusCode: 400, message: 'Photo URL refused: a private address' }] });
    const user = open();
    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(http.calls).toEqual([]);
    await user.type(screen.getByLabelText('Name'), 'Jordan');
    await user.type(screen.getByLabelText('Photo URL'), 'http://10.0.0.1/me.jpg');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Photo URL refused: a private address'));
  });
});
