import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, type Location } from 'react-router-dom';
import styled from 'styled-components';
import { Button, PageHeading, usePageTitle } from '@sportify/shared-ui';
import { useAuthService } from '../../auth/AuthServiceContext';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 420px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space(6)};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow};
  label { font-weight: 600; }
  input { padding: ${({ theme }) => theme.space(2)}; font: inherit; border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radius.md}; }
`;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  margin: 0;
`;

interface Errors {
  email?: string;
  password?: string;
}

const validate = (email: string, password: string): Errors => ({
  ...(email ? {} : { email: 'Email Address is required' }),
  ...(password ? {} : { password: 'Password is required' }),
});

/** E-mail/password sign-in (spec "Login"); goes back to where the guard sent the user from, else '/'. */
export function LoginPage() {
  usePageTitle('Login');
  const auth = useAuthService();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: Location } | null)?.from?.pathname ?? '/';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [authError, setAuthError] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validate(email, password);
    setErrors(found);
    if (found.email || found.password) return;
    setBusy(true);
    setAuthError('');
    try {
      await auth.signInWithEmail(email, password);
      navigate(from, { replace: true });
    } catch (error) {
      setEmail('');
      setPassword('');
      setSubmitted(false);
      setAuthError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  // Validate on submit, then revalidate on every change.
  const revalidate = (nextEmail: string, nextPassword: string) => {
    if (submitted) setErrors(validate(nextEmail, nextPassword));
  };

  return (
    <section>
      <PageHeading as="h1">Login</PageHeading>
      <Form noValidate onSubmit={onSubmit} aria-label="Login">
        <label htmlFor="login-email">Email</label>
        <input
          id="login-email" type="email" placeholder="Type Your Email" autoComplete="email" value={email}
          aria-invalid={Boolean(errors.email)} aria-describedby={errors.email ? 'login-email-error' : undefined}
          onChange={(event) => { setEmail(event.target.value); revalidate(event.target.value, password); }}
        />
        {errors.email && <ErrorText id="login-email-error">{errors.email}</ErrorText>}
        <label htmlFor="login-password">Password</label>
        <input
          id="login-password" type={showPassword ? 'text' : 'password'} autoComplete="current-password" value={password}
          aria-invalid={Boolean(errors.password)} aria-describedby={errors.password ? 'login-password-error' : undefined}
          onChange={(event) => { setPassword(event.target.value); revalidate(email, event.target.value); }}
        />
        {errors.password && <ErrorText id="login-password-error">{errors.password}</ErrorText>}
        <Button type="button" $variant="secondary" aria-pressed={showPassword} onClick={() => setShowPassword(!showPassword)}>
          {showPassword ? 'Hide password' : 'Show password'}
        </Button>
        <Button type="submit" disabled={busy}>Login</Button>
        {authError && <ErrorText role="alert">{authError}</ErrorText>}
        <Link to="/register">Register...</Link>
      </Form>
    </section>
  );
}
