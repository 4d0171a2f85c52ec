import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, type Location } from '@sportify/shared-ui/router';
import { Button, ErrorText, FormField, PageHeading, TextInput, useForm, usePageTitle } from '@sportify/shared-ui';
import { EmailNotVerifiedError } from '../../auth/authService';
import { authErrorMessage } from '../../auth/authErrorMessage';
import { useAuthService } from '../../auth/AuthServiceContext';
import { AuthCard, FormGrid, LinkButton, OrDivider, Row } from '../../auth/components/AuthForm.styles';
import { GoogleSignInButton } from '../../auth/components/GoogleSignInButton';
import { PasswordInput } from '../../auth/components/PasswordInput';
import { validateLogin, type LoginValues } from '../../auth/validation';

const EMPTY: LoginValues = { email: '', password: '' };

/** Login (docs/product.md §2, §5): e-mail/password sign-in, Google sign-in, link to Register. */
export function LoginPage() {
  usePageTitle('Login');
  const auth = useAuthService();
  const navigate = useNavigate();
  // Back to the page the guard sent the user from (else '/').
  const location = useLocation();
  const from = (location.state as { from?: Location } | null)?.from?.pathname ?? '/';
  const form = useForm(EMPTY, validateLogin);
  const [authError, setAuthError] = useState('');
  // Kept in memory only while this page shows the verify notice, to send the link again on request.
  const [unverified, setUnverified] = useState<LoginValues | null>(null);
  const [resent, setResent] = useState<'idle' | 'sending' | 'sent'>('idle');
  useEffect(() => auth.prepare(), [auth]);

  const onValid = async ({ email, password }: LoginValues) => {
    setAuthError('');
    setUnverified(null);
    try {
      await auth.signInWithEmail(email.trim(), password);
      form.reset();
      navigate(from, { replace: true });
    } catch (error) {
      form.reset();
      if (error instanceof EmailNotVerifiedError) {
        setUnverified({ email: email.trim(), password });
        setResent('idle');
      }
      setAuthError(authErrorMessage(error));
    }
  };

  const resend = async () => {
    if (!unverified) return;
    setResent('sending');
    try {
      await auth.resendVerification(unverified.email, unverified.password);
      setResent('sent');
    } catch (error) {
      setResent('idle');
      setAuthError(authErrorMessage(error));
    }
  };

  return (
    <section>
      <PageHeading>Login</PageHeading>
      <AuthCard>
        <FormGrid noValidate aria-label="Login" onSubmit={form.handleSubmit(onValid)}>
          <FormField label="Email" error={form.errors.email}>
            <TextInput type="email" placeholder="Type Your Email" autoComplete="email" {...form.field('email')} />
          </FormField>
          <FormField label="Password" error={form.errors.password}>
            <PasswordInput autoComplete="current-password" {...form.field('password')} />
          </FormField>
          <Row>
            {/* The 'Forgot password?' link does nothing yet. */}
            <LinkButton type="button">Forgot password?</LinkButton>
          </Row>
          <Button type="submit" disabled={form.submitting}>
            Login
          </Button>
          {authError && <ErrorText role="alert">{authError}</ErrorText>}
          {unverified && (
            <Button type="button" $variant="secondary" disabled={resent === 'sending'} onClick={() => void resend()}>
              Resend the link
            </Button>
          )}
          {unverified && resent === 'sent' && <p role="status">We sent you a new link.</p>}
        </FormGrid>
        <OrDivider>OR</OrDivider>
        <GoogleSignInButton />
        <Link to="/register" state={location.state}>
          Register...
        </Link>
      </AuthCard>
    </section>
  );
}
