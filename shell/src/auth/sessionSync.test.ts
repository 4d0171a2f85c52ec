import type { AxiosAdapter } from 'axios';
import { makeStore, setUnauthorizedHandler, signedIn as sessionShown, TOKEN_KEY } from '@sportify/shared-ui';
import { httpClient, mockApi } from '@sportify/shared-ui/testing';
import { fakeAuth } from '../test/renderApp';
import { handoverState } from '../server/handover';
import { hasSavedSignIn, lazyAuthService, SIGNED_OUT_KEY, VERIFY_EMAIL_MESSAGE, type AuthAccount } from './authService';
import { meEndpoint, sessionOf } from './meApi';
import { PENDING_REGISTRATION_KEY, registerUser } from './registerUser';
import { LOGOUT_PENDING_KEY, serverSessionEnded } from './serverSession';
import { SAVED_USER_KEY, startSessionSync, tokenClaims } from './sessionSync';

const account = (email: string): AuthAccount => ({
  email,
  displayName: 'Alex Morgan',
  photoURL: null,
  getIdToken: async () => 'firebase-id-token',
});

const ME = { email: 'alex@sportify.camp', role: 'student', displayName: 'Alex Morgan', photoURL: null };

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('session sync', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => {
    api.restore();
    localStorage.clear();
  });

  it.each(['admin', 'instructor', 'student'] as const)(
    'on sign-in stores the API token and reads the session from GET /me (%s)',
    async (role) => {
      api = mockApi({
        'POST /jwt': [201, { token: 'api-token' }],
        'GET /me': [200, { email: 'alex@sportify.camp', role, displayName: 'Alex Morgan', photoURL: null }],
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
      expect(api.calls.slice(1)).toEqual([expect.objectContaining({ url: '/me', authorization: 'Bearer api-token' })]);
    },
  );

  it('on sign-out removes the token and clears the loading flag', async () => {
    api = mockApi({ 'POST /logout': [204, ''] });
    localStorage.setItem(TOKEN_KEY, 'old-token');
    const store = makeStore();
    const auth = fakeAuth();
    startSessionSync(auth, store.dispatch);
    auth.emit(null);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(store.getState().session).toEqual({ status: 'signedOut', user: null, role: null });
    await serverSessionEnded();
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

  describe('on a return visit (the provider has a saved sign-in)', () => {
    /** An API token as the API signs it (only its claims matter here: the browser never checks the signature). */
    const apiToken = (sub: string, expiresInSeconds: number) => {
      const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
      return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub, exp })}.signature`;
    };
    const alex = { email: 'alex@sportify.camp', displayName: 'Alex Morgan', photoURL: 'https://example.com/alex.png' };
    const meRoute = (role: 'student' | 'instructor', displayName: string | null = alex.displayName) => ({
      'GET /me': [200, { ...alex, role, displayName }] as [number, unknown],
    });
    const saveVisit = (token: string) => {
      localStorage.setItem(TOKEN_KEY, token);
      localStorage.setItem(SAVED_USER_KEY, JSON.stringify(alex));
    };
    /** A return visit's session sync (as bootstrap.tsx starts it), once its resume has had its answers. */
    const returnVisit = async () => {
      const store = makeStore();
      const auth = fakeAuth();
      startSessionSync(auth, store.dispatch, { resume: true });
      await settle();
      await settle();
      return { store, auth };
    };

    it('reads the claims of a token and refuses what is not one', () => {
      expect(tokenClaims(apiToken('alex@sportify.camp', 60))).toMatchObject({ sub: 'alex@sportify.camp' });
      expect(tokenClaims('not-a-token')).toBeNull();
      expect(tokenClaims('a.b%%%.c')).toBeNull();
    });

    it('shows the session GET /me gives the saved token, and does not load the provider for it', async () => {
      const token = apiToken('alex@sportify.camp', 3600);
      saveVisit(token);
      api = mockApi(meRoute('instructor'));
      const { store, auth } = await returnVisit();
      expect(store.getState().session).toEqual({ status: 'signedIn', role: 'instructor', user: alex });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(auth.prepare).not.toHaveBeenCalled();
      expect(api.calls).toEqual([expect.objectContaining({ url: '/me', authorization: `Bearer ${token}` })]);
    });

    it("a provider report for the same user comes without a loading state, with a fresh token and the provider's name where the API has none", async () => {
      saveVisit(apiToken('alex@sportify.camp', 3600));
      api = mockApi({ ...meRoute('student', null), 'POST /jwt': [201, { token: 'fresh-token' }] });
      const { store, auth } = await returnVisit();
      expect(store.getState().session).toMatchObject({ status: 'signedIn', user: { displayName: 'Alex Morgan' } });
      const statuses: string[] = [];
      store.subscribe(() => statuses.push(store.getState().session.status));
      auth.emit({ ...account('alex@sportify.camp'), displayName: 'Alex M.' });
      await settle();
      await settle();
      expect(statuses).not.toContain('loading');
      expect(store.getState().session).toMatchObject({
        status: 'signedIn',
        role: 'student',
        user: { displayName: 'Alex M.' },
      });
      expect(localStorage.getItem(TOKEN_KEY)).toBe('fresh-token');
    });

    it('does not resume a token about to expire: the provider loads at once for a fresh one', async () => {
      saveVisit(apiToken('alex@sportify.camp', 100));
      api = mockApi(meRoute('student'));
      const { store, auth } = await returnVisit();
      expect(store.getState().session.status).toBe('loading');
      expect(api.calls).toEqual([]);
      expect(auth.prepare).toHaveBeenCalledTimes(1);
    });

    it("renews the API token through the provider's account before it expires", async () => {
      // A clock that starts on a whole second, so a token that lives 2 s lives exactly 2 s: renewed halfway, at 1 s,
      // and its successor (issued at 1 s) at 2 s. A real clock let a token live anywhere from 1 to 2 s.
      jest.useFakeTimers({ now: Date.UTC(2026, 6, 1, 9, 0, 0) });
      try {
        api = mockApi({
          ...meRoute('student'),
          'POST /jwt': () => [201, { token: apiToken('alex@sportify.camp', 2) }],
        });
        const store = makeStore();
        const auth = fakeAuth();
        const stop = startSessionSync(auth, store.dispatch);
        auth.emit(account('alex@sportify.camp'));
        await jest.advanceTimersByTimeAsync(0);
        const first = localStorage.getItem(TOKEN_KEY);
        const exchanges = () => api.calls.filter((call) => call.url === '/jwt');
        expect(exchanges()).toHaveLength(1);

        await jest.advanceTimersByTimeAsync(999);
        expect(exchanges()).toHaveLength(1);
        await jest.advanceTimersByTimeAsync(1);
        expect(exchanges()).toHaveLength(2);
        expect(localStorage.getItem(TOKEN_KEY)).not.toBe(first);
        expect(store.getState().session.status).toBe('signedIn');

        await jest.advanceTimersByTimeAsync(1_000);
        expect(exchanges()).toHaveLength(3);
        stop();
        await jest.advanceTimersByTimeAsync(5_000);
        expect(exchanges()).toHaveLength(3);
      } finally {
        jest.useRealTimers();
      }
    });

    it('does not try an expired token or one of another user, and waits for the provider', async () => {
      for (const token of [apiToken('alex@sportify.camp', -10), apiToken('sam@sportify.camp', 3600)]) {
        saveVisit(token);
        api = mockApi(meRoute('student'));
        const store = makeStore();
        const auth = fakeAuth();
        startSessionSync(auth, store.dispatch, { resume: true });
        await settle();
        expect(store.getState().session.status).toBe('loading');
        expect(api.calls).toEqual([]);
        expect(auth.prepare).toHaveBeenCalledTimes(1); // at once: nothing to show before it
        api.restore();
      }
      api = mockApi({});
    });

    it('keeps waiting for the provider, without logging out, when the API refuses the saved token', async () => {
      saveVisit(apiToken('alex@sportify.camp', 3600));
      api = mockApi({ 'GET /me': [401, { message: 'Unauthorized' }] });
      const loggedOut = jest.fn();
      setUnauthorizedHandler(loggedOut);
      const { store, auth } = await returnVisit();
      expect(store.getState().session.status).toBe('loading');
      expect(loggedOut).not.toHaveBeenCalled();
      expect(auth.signOut).not.toHaveBeenCalled();
      expect(auth.prepare).toHaveBeenCalledTimes(1);
    });

    it('signs out and forgets the saved user when the provider no longer has the sign-in', async () => {
      saveVisit(apiToken('alex@sportify.camp', 3600));
      api = mockApi({ ...meRoute('student'), 'POST /logout': [204, ''] });
      const { store, auth } = await returnVisit();
      auth.emit(null);
      expect(store.getState().session).toEqual({ status: 'signedOut', user: null, role: null });
      expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
      expect(localStorage.getItem(SAVED_USER_KEY)).toBeNull();
    });
  });

  describe('Logout', () => {
    /** A promise and the functions that settle it. */
    const deferred = <T>() => {
      let resolve!: (value: T) => void;
      let reject!: (error: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    };
    const signedInBefore = () => {
      localStorage.setItem(TOKEN_KEY, 'saved-token');
      localStorage.setItem(SAVED_USER_KEY, JSON.stringify({ email: 'alex@sportify.camp' }));
    };
    const routes = {
      'POST /logout': [204, ''] as [number, unknown],
      'POST /jwt': [201, { token: 'fresh-token' }] as [number, unknown],
      'GET /me': [200, ME] as [number, unknown],
    };

    it('a token exchange that answers after the sign-out does not store its token', async () => {
      api = mockApi(routes);
      const store = makeStore();
      const auth = fakeAuth();
      startSessionSync(auth, store.dispatch);
      const idToken = deferred<string>();
      auth.emit({ ...account('alex@sportify.camp'), getIdToken: () => idToken.promise });
      auth.emit(null);
      idToken.resolve('firebase-id-token');
      await settle();
      await settle();
      expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
      expect(store.getState().session.status).toBe('signedOut');
    });

    it('removes the token and the saved user at once while the provider is still loading', async () => {
      signedInBefore();
      api = mockApi(routes);
      const provider = fakeAuth();
      const loaded = deferred<typeof provider>();
      const auth = lazyAuthService(() => loaded.promise, { saved: true });
      const store = makeStore();
      startSessionSync(auth, store.dispatch);

      const loggingOut = auth.signOut();
      expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
      expect(localStorage.getItem(SAVED_USER_KEY)).toBeNull();
      expect(store.getState().session.status).toBe('signedOut');

      // The provider finishes loading and reports the sign-in it restored, before its sign-out has run.
      loaded.resolve(provider);
      await settle();
      provider.emit(account('alex@sportify.camp'));
      await settle();
      await settle();
      await loggingOut;
      expect(provider.signOut).toHaveBeenCalledTimes(1);
      expect(api.calls.filter((call) => call.url === '/jwt')).toEqual([]);
      expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
      expect(store.getState().session.status).toBe('signedOut');
    });

    it('signs out here even when the provider fails to sign out, and does not keep the saved name', async () => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      signedInBefore();
      api = mockApi(routes);
      const provider = fakeAuth({ signOut: jest.fn().mockRejectedValue(new Error('network')) });
      const auth = lazyAuthService(async () => provider, { saved: true });
      const store = makeStore();
      startSessionSync(auth, store.dispatch);
      await expect(auth.signOut()).rejects.toThrow('network');
      provider.emit(account('alex@sportify.camp')); // the provider still has the sign-in
      await settle();
      expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
      expect(localStorage.getItem(SAVED_USER_KEY)).toBeNull();
      expect(store.getState().session.status).toBe('signedOut');
      jest.restoreAllMocks();
    });

    it('a Logout the provider had not confirmed when the page was left stays a Logout after a reload', async () => {
      signedInBefore();
      const FIREBASE_SAVED = 'firebase:authUser:demo-key:[DEFAULT]';
      localStorage.setItem(FIREBASE_SAVED, '{"uid":"alex"}');
      api = mockApi(routes);
      // The provider is still loading when the student clicks Logout and reloads the page.
      const before = lazyAuthService(() => new Promise<never>(() => undefined), { saved: true });
      startSessionSync(before, makeStore().dispatch);
      void before.signOut();
      await serverSessionEnded();

      // The reload: the provider's saved sign-in is still there, but it is no sign-in to resume.
      expect(hasSavedSignIn('demo-key')).toBe(false);
      const provider = fakeAuth({
        signOut: jest.fn(async () => localStorage.removeItem(FIREBASE_SAVED)),
      });
      const auth = lazyAuthService(async () => provider, { saved: hasSavedSignIn('demo-key') });
      const store = makeStore();
      startSessionSync(auth, store.dispatch, { resume: false });
      expect(store.getState().session.status).toBe('signedOut');

      // The provider loads (the Login page asks for it) and reports the sign-in it restored: it is ended instead.
      auth.prepare();
      await settle();
      provider.emit(account('alex@sportify.camp'));
      await settle();
      await settle();
      expect(provider.signOut).toHaveBeenCalledTimes(1);
      expect(api.calls.filter((call) => call.url === '/jwt')).toEqual([]);
      expect(store.getState().session.status).toBe('signedOut');
      expect(localStorage.getItem(FIREBASE_SAVED)).toBeNull();

      // A new sign-in is reported as usual.
      await auth.signInWithEmail('alex@sportify.camp', 'secret');
      provider.emit(account('alex@sportify.camp'));
      await settle();
      await settle();
      expect(store.getState().session.status).toBe('signedIn');
    });

    it('a new sign-in after a Logout is reported again', async () => {
      api = mockApi(routes);
      const provider = fakeAuth();
      const auth = lazyAuthService(async () => provider, { saved: false });
      const store = makeStore();
      startSessionSync(auth, store.dispatch);
      await auth.signOut();
      await auth.signInWithEmail('alex@sportify.camp', 'secret');
      provider.emit(account('alex@sportify.camp'));
      await settle();
      await settle();
      expect(store.getState().session.status).toBe('signedIn');
      expect(localStorage.getItem(TOKEN_KEY)).toBe('fresh-token');
    });
  });

  describe("the page server's session cookie", () => {
    const signInRoutes = {
      'POST /jwt': [201, { token: 'api-token' }] as [number, unknown],
      'GET /me': [200, ME] as [number, unknown],
    };
    /** Whether each call asked for credentials (cookies on an API origin of its own), in front of mockApi. */
    const recordCredentials = () => {
      const seen: [string, boolean | undefined][] = [];
      const mocked = httpClient.defaults.adapter as AxiosAdapter;
      httpClient.defaults.adapter = (config) => {
        seen.push([`${config.method?.toUpperCase()} ${config.url}`, config.withCredentials]);
        return mocked(config);
      };
      return seen;
    };
    const signedIn = async () => {
      const store = makeStore();
      const auth = fakeAuth();
      startSessionSync(auth, store.dispatch);
      auth.emit(account('alex@sportify.camp'));
      await settle();
      expect(store.getState().session.status).toBe('signedIn');
      return { store, auth };
    };

    it('the token exchange asks for credentials, so that its answer sets the cookie on any API origin', async () => {
      api = mockApi(signInRoutes);
      const seen = recordCredentials();
      await signedIn();
      expect(seen).toEqual([
        ['POST /jwt', true],
        ['GET /me', undefined],
      ]);
    });

    it('a sign-out calls POST /logout (with credentials and the token, marked pending before the token goes) and no more', async () => {
      api = mockApi({ ...signInRoutes, 'POST /logout': [204, ''] });
      const seen = recordCredentials();
      const { store, auth } = await signedIn();
      auth.emit(null);
      expect(localStorage.getItem(LOGOUT_PENDING_KEY)).toBe('1');
      expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
      expect(store.getState().session.status).toBe('signedOut');
      await serverSessionEnded();
      expect(seen.filter(([call]) => call === 'POST /logout')).toEqual([['POST /logout', true]]);
      // The token it drops, for the API to revoke (storage no longer has it).
      expect(api.calls.find((call) => call.url === '/logout')?.authorization).toBe('Bearer api-token');
      expect(localStorage.getItem(LOGOUT_PENDING_KEY)).toBeNull();
      // Signed out already: a second report ends nothing more.
      auth.emit(null);
      await serverSessionEnded();
      expect(api.calls.filter((call) => call.url === '/logout')).toHaveLength(1);
    });

    it("a visitor's start calls nothing", async () => {
      api = mockApi({});
      const auth = fakeAuth();
      startSessionSync(auth, makeStore().dispatch);
      auth.emit(null);
      await settle();
      expect(api.calls).toEqual([]);
    });

    it('a POST /logout that fails is sent again at the next start, while still signed out', async () => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      api = mockApi({ ...signInRoutes, 'POST /logout': [503, { message: 'down' }] });
      const { auth } = await signedIn();
      auth.emit(null);
      await serverSessionEnded();
      expect(localStorage.getItem(LOGOUT_PENDING_KEY)).toBe('1');
      api.restore();

      // The next start (page load): the API answers now.
      api = mockApi({ 'POST /logout': [204, ''] });
      startSessionSync(fakeAuth(), makeStore().dispatch);
      await serverSessionEnded();
      expect(api.calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /logout']);
      expect(localStorage.getItem(LOGOUT_PENDING_KEY)).toBeNull();
      jest.restoreAllMocks();
    });

    it('a sign-in since a failed POST /logout keeps its fresh cookie: nothing is retried', async () => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      api = mockApi({ ...signInRoutes, 'POST /logout': [503, { message: 'down' }] });
      const { auth } = await signedIn();
      auth.emit(null);
      await serverSessionEnded();
      expect(localStorage.getItem(LOGOUT_PENDING_KEY)).toBe('1');
      auth.emit(account('alex@sportify.camp'));
      await settle();
      expect(localStorage.getItem(LOGOUT_PENDING_KEY)).toBeNull();

      api.calls.length = 0;
      startSessionSync(fakeAuth(), makeStore().dispatch); // the next start, signed in
      await settle();
      expect(api.calls).toEqual([]);
      jest.restoreAllMocks();
    });

    it('a token exchange that answers after the sign-out has its token revoked and cookie cleared; one before a new sign-in has not', async () => {
      const deferred = () => {
        let resolve!: (token: string) => void;
        const promise = new Promise<string>((res) => (resolve = res));
        return { promise, resolve };
      };
      api = mockApi({ ...signInRoutes, 'POST /logout': [204, ''] });
      const auth = fakeAuth();
      startSessionSync(auth, makeStore().dispatch);

      const late = deferred();
      auth.emit({ ...account('alex@sportify.camp'), getIdToken: () => late.promise });
      auth.emit(null);
      late.resolve('firebase-id-token');
      await settle();
      await serverSessionEnded();
      expect(api.calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /jwt', 'POST /logout']);
      // The late token is revoked too.
      expect(api.calls[1].authorization).toBe('Bearer api-token');

      api.calls.length = 0;
      const overtaken = deferred();
      auth.emit({ ...account('alex@sportify.camp'), getIdToken: () => overtaken.promise });
      auth.emit(account('alex@sportify.camp'));
      overtaken.resolve('firebase-id-token');
      await settle();
      await settle();
      expect(api.calls.filter((call) => call.url === '/logout')).toEqual([]);
      expect(localStorage.getItem(TOKEN_KEY)).toBe('api-token');
    });
  });

  describe('a page the server rendered signed in', () => {
    const apiToken = (sub: string, expiresInSeconds: number) => {
      const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
      return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub, exp })}.signature`;
    };
    const mia = { email: 'mia@sportify.camp', displayName: 'Mia Chen', photoURL: 'https://example.com/mia.svg' };

    /** The browser's store of a page whose server render read GET /me (as renderPage does) and handed it over. */
    async function handedOverPage() {
      const server = makeStore(undefined, { api: { apiUrl: 'http://api.test', token: 'cookie-token' } });
      const { data } = await server.dispatch((await meEndpoint()).initiate());
      if (!data) throw new Error('GET /me failed');
      server.dispatch(sessionShown(sessionOf(data)));
      return makeStore(handoverState(server.getState()));
    }

    it('keeps the session it was given: no token exchange, no GET /me, no provider, and later reads refresh again', async () => {
      api = mockApi({ 'GET /me': [200, { ...mia, role: 'student' }] });
      const store = await handedOverPage();
      api.calls.length = 0;
      localStorage.setItem(TOKEN_KEY, apiToken(mia.email, 3600));
      const load = jest.fn(async () => fakeAuth());
      const auth = lazyAuthService(load, { saved: true });
      startSessionSync(auth, store.dispatch, { resume: true, shown: mia });
      await new Promise((resolve) => setTimeout(resolve, 50));

      expect(store.getState().session).toEqual({ status: 'signedIn', role: 'student', user: mia });
      expect(api.calls).toEqual([]);
      expect(load).not.toHaveBeenCalled();
      // The handed-over read was taken up: screens that mount from now on read afresh.
      expect(store.getState().api.config.refetchOnMountOrArgChange).toBe(true);
      expect(JSON.parse(localStorage.getItem(SAVED_USER_KEY) ?? 'null')).toEqual(mia);
    });

    it('a Logout still loads the provider to end its sign-in, and ends the server session', async () => {
      api = mockApi({ 'GET /me': [200, { ...mia, role: 'student' }], 'POST /logout': [204, ''] });
      const store = await handedOverPage();
      const token = apiToken(mia.email, 3600);
      localStorage.setItem(TOKEN_KEY, token);
      const provider = fakeAuth();
      const auth = lazyAuthService(async () => provider, { saved: true });
      startSessionSync(auth, store.dispatch, { resume: true, shown: mia });

      await auth.signOut();
      await serverSessionEnded();
      expect(store.getState().session.status).toBe('signedOut');
      expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
      expect(provider.signOut).toHaveBeenCalledTimes(1);
      expect(api.calls.find((call) => call.url === '/logout')?.authorization).toBe(`Bearer ${token}`);
    });

    it('a page rendered from a cookie whose Logout was not confirmed yet starts the Logout again, not the session', async () => {
      api = mockApi({ 'GET /me': [200, { ...mia, role: 'student' }], 'POST /logout': [204, ''] });
      const store = await handedOverPage();
      api.calls.length = 0;
      // The Logout removed the token and left its markers; its POST /logout had not gone through.
      localStorage.setItem(SIGNED_OUT_KEY, '1');
      localStorage.setItem(LOGOUT_PENDING_KEY, '1');
      const auth = lazyAuthService(async () => fakeAuth(), { saved: hasSavedSignIn('demo-key') });
      startSessionSync(auth, store.dispatch, { resume: false, shown: mia });
      await serverSessionEnded();

      expect(store.getState().session.status).toBe('signedOut');
      expect(api.calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /logout']);
      expect(localStorage.getItem(SAVED_USER_KEY)).toBeNull();
    });
  });

  it('a sign-up the API refuses until its e-mail is verified registers its profile at the first sign-in', async () => {
    const profile = { userName: 'Alex Morgan', email: 'alex@sportify.camp', gender: 'female' as const };
    const refused = { code: 'email_not_verified', message: VERIFY_EMAIL_MESSAGE };
    api = mockApi({ 'POST /users': [403, refused] });
    setUnauthorizedHandler(jest.fn());
    await expect(registerUser(account('alex@sportify.camp'), profile)).rejects.toThrow(VERIFY_EMAIL_MESSAGE);
    expect(JSON.parse(localStorage.getItem(PENDING_REGISTRATION_KEY) ?? 'null')).toEqual(profile);
    api.restore();

    // Verified meanwhile: the API gives the token, and the kept profile is registered with it.
    api = mockApi({
      'POST /jwt': [201, { token: 'api-token' }],
      'POST /users': [201, { insertedId: 'u1' }],
      'GET /me': [200, ME],
    });
    const store = makeStore();
    const auth = fakeAuth();
    startSessionSync(auth, store.dispatch);
    auth.emit(account('alex@sportify.camp'));
    await settle();
    await settle();
    expect(store.getState().session.status).toBe('signedIn');
    expect(api.calls.find((call) => call.url === '/users')).toMatchObject({
      method: 'POST',
      body: profile,
      authorization: 'Bearer api-token',
    });
    expect(localStorage.getItem(PENDING_REGISTRATION_KEY)).toBeNull();
  });
});
