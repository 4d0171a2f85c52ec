import type { FormErrors } from '@sportify/shared-ui';

// docs/product.md §5, with the corrected maximum message (docs/product.md §A9).
export const MESSAGES = {
  name: 'Your name is required',
  photo: 'Photo URL is required',
  email: 'Email Address is required',
  password: 'Password is required',
  passwordMin: 'Password must be 6 characters',
  passwordMax: 'Password must be less than 20 characters',
  passwordPattern: 'Password must have one uppercase and one special character.',
  confirm: 'Password did not match',
} as const;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;
const UPPERCASE_AND_SPECIAL = /^(?=.*[A-Z])(?=.*[!@#$&*]).*$/;

export type LoginValues = { email: string; password: string };

export function validateLogin(values: LoginValues): FormErrors<LoginValues> {
  return {
    ...(values.email.trim() ? {} : { email: MESSAGES.email }),
    ...(values.password ? {} : { password: MESSAGES.password }),
  };
}

export type RegisterValues = {
  name: string;
  photoURL: string;
  /** The name of a photo file chosen to upload instead of the URL ('' for none). */
  photoFile: string;
  email: string;
  password: string;
  confirm: string;
  gender: string;
};

function passwordError(password: string): string | undefined {
  if (!password) return MESSAGES.password;
  if (password.length < PASSWORD_MIN) return MESSAGES.passwordMin;
  if (password.length > PASSWORD_MAX) return MESSAGES.passwordMax;
  if (!UPPERCASE_AND_SPECIAL.test(password)) return MESSAGES.passwordPattern;
  return undefined;
}

export function validateRegister(values: RegisterValues): FormErrors<RegisterValues> {
  const errors: FormErrors<RegisterValues> = {};
  if (!values.name.trim()) errors.name = MESSAGES.name;
  // Either a file to upload or the URL (docs/product.md §A13).
  if (!values.photoFile && !values.photoURL.trim()) errors.photoURL = MESSAGES.photo;
  if (!values.email.trim()) errors.email = MESSAGES.email;
  const password = passwordError(values.password);
  if (password) errors.password = password;
  if (!values.confirm || values.confirm !== values.password) errors.confirm = MESSAGES.confirm;
  return errors;
}
