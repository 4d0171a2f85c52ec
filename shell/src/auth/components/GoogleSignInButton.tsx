import { useState } from 'react';
import { useLocation, useNavigate, type Location } from '@sportify/shared-ui/router';
import styled from 'styled-components';
import { ErrorText } from '@sportify/shared-ui';
import { authErrorMessage } from '../authErrorMessage';
import { useAuthService } from '../AuthServiceContext';
import { registerUser } from '../registerUser';

const Round = styled.button`
  justify-self: center;
  display: grid;
  place-items: center;
  width: 52px;
  height: 52px;
  border-radius: ${({ theme }) => theme.radius.round};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  cursor: pointer;
  &:disabled {
    opacity: 0.5;
  }
`;

/**
 * Google sign-in (docs/product.md §4): register the account with the API (POST /users, no gender), then back to
 * where the user came from, replacing history.
 */
export function GoogleSignInButton() {
  const auth = useAuthService();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: Location } | null)?.from?.pathname ?? '/';
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const signIn = async () => {
    setBusy(true);
    setError('');
    try {
      const account = await auth.signInWithGoogle();
      await registerUser(account, {
        userName: account.displayName ?? undefined,
        email: account.email,
        userPhoto: account.photoURL ?? undefined,
      });
      navigate(from, { replace: true });
    } catch (failure) {
      setError(authErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Round
        type="button"
        aria-label="Sign in with Google"
        title="Sign in with Google"
        disabled={busy}
        onClick={signIn}
      >
        <svg width="24" height="24" viewBox="0 0 48 48" aria-hidden="true">
          <path
            fill="#EA4335"
            d="M24 9.5c3.5 0 6.6 1.2 9 3.5l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.2l7.8 6C12.4 13.6 17.7 9.5 24 9.5z"
          />
          <path
            fill="#4285F4"
            d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.5 5.8c4.4-4 7.1-10 7.1-17.5z"
          />
          <path
            fill="#FBBC05"
            d="M10.5 28.8c-.5-1.5-.8-3.1-.8-4.8s.3-3.3.8-4.8l-7.8-6C1 16.6 0 20.2 0 24s1 7.4 2.7 10.8l7.8-6z"
          />
          <path
            fill="#34A853"
            d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.5-5.8c-2.1 1.4-4.9 2.3-8.4 2.3-6.3 0-11.6-4.2-13.5-9.9l-7.8 6C6.6 42.6 14.6 48 24 48z"
          />
        </svg>
      </Round>
      {error && <ErrorText role="alert">{error}</ErrorText>}
    </>
  );
}
