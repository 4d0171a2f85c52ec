import { makeStore, TOKEN_KEY } from '@sportify/shared-ui';
import { mockApi } from '@sportify/shared-ui/testing';
import { fakeAuth } from '../test/renderApp';
import type { AuthAccount } from './authService';
import { startSessionSync } from './sessionSync';

const account = (email: string): AuthAccount => ({
  email,
  displayName: 'Alex Morgan',
  photoURL: null,
  getIdToken: async () => 'firebase-id-token',
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('session sync', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => {
    api.restore();
    localStorage.clear();
  });

  it.each([
    [{ admin: true }, { instructor: false }, 'admin'],
    [{ admin: false }, { instructor: true }, 'instructor'],
    [{ admin: false }, { instructor: false }, 'student'],
  ])('on sign-in stores the API token and derives the role (%j, %j -> %s)', async (admin, instructor, role) => {
    api = mockApi({
      'POST /jwt': [201, { token: 'api-token' }],
      'GET /users/admin/alex%40sportify.camp': [200, admin],
      'GET /users/instructors/alex%40sportify.camp': [200, instructor],
    });
    const store = makeStore();
    const auth = fakeAuth();
    startSessionSync(auth, store.dispatch);

    auth.emit(account('alex@sportify.camp'));
    expect(store.getState().session.status).toBe('loading');
    await settle();

    expect(store.getState().session).toEqual({
      status: 'signedIn',
      role,
      user: { email: 'alex@sportify.camp', displayName: 'Alex Morgan', photoURL: null },
    });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('api-token');
    expect(api.calls[0]).toMatchObject({
      method: 'POST',
      url: '/jwt',
      body: { email: 'alex@sportify.camp' },
      authorization: 'Bearer firebase-id-token',
    });
    expect(api.calls[1].authorization).toBe('Bearer api-token');
  });

  it('on sign-out removes the token and clears the loading flag', () => {
    api = mockApi({});
    localStorage.setItem(TOKEN_KEY, 'old-token');
    const store = makeStore();
    const auth = fakeAuth();
    startSessionSync(auth, store.dispatch);
    auth.emit(null);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(store.getState().session).toEqual({ status: 'signedOut', user: null, role: null });
  });

  it('signs out instead of spinning forever when the API refuses the token', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    api = mockApi({ 'POST /jwt': [500, { message: 'down' }] });
    const store = makeStore();
    const auth = fakeAuth();
    startSessionSync(auth, store.dispatch);
    auth.emit(account('alex@sportify.camp'));
    await settle();
    expect(store.getState().session.status).toBe('signedOut');
    expect(auth.signOut).toHaveBeenCalled();
    jest.restoreAllMocks();
  });
});
