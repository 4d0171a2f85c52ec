import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@sportify/shared-ui/router';
import {
  Button,
  ErrorText,
  FormField,
  PageHeading,
  profileUpdated,
  Select,
  TextInput,
  useAppDispatch,
  useForm,
  usePageTitle,
  type Gender,
} from '@sportify/shared-ui';
import { PictureField, uploadPicture } from '@sportify/shared-ui/pictures';
import { authErrorMessage } from '../../auth/authErrorMessage';
import { useAuthService } from '../../auth/AuthServiceContext';
import { AuthCard, FormGrid, OrDivider } from '../../auth/components/AuthForm.styles';
import { GoogleSignInButton } from '../../auth/components/GoogleSignInButton';
import { PasswordInput } from '../../auth/components/PasswordInput';
import { registerUser } from '../../auth/registerUser';
import { validateRegister, type RegisterValues } from '../../auth/validation';

const EMPTY: RegisterValues = {
  name: '',
  photoURL: '',
  photoFile: '',
  email: '',
  password: '',
  confirm: '',
  gender: 'female',
};
const GENDERS: Gender[] = ['female', 'male', 'other'];

/** Register (docs/product.md §2, §5): create the account, set name and photo, register with the API (with gender), go to '/'. */
export function RegisterPage() {
  usePageTitle('Register');
  const auth = useAuthService();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const form = useForm(EMPTY, validateRegister);
  const [authError, setAuthError] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  useEffect(() => auth.prepare(), [auth]);

  const onValid = async (values: RegisterValues) => {
    setAuthError('');
    const file = values.photoFile ? photo : null;
    const photoURL = file ? '' : values.photoURL.trim();
    try {
      const account = await auth.register({
        name: values.name.trim(),
        photoURL,
        email: values.email.trim(),
        password: values.password,
      });
      // A chosen file is uploaded with the new account's token (the API's comes after the registration); a URL is
      // imported by the API, and the photo shows once the site holds it.
      const uploaded = file
        ? await uploadPicture(file, { Authorization: `Bearer ${await account.getIdToken()}` })
        : undefined;
      // The auth state fired before the profile was set; show the name (and an uploaded photo) right away.
      dispatch(profileUpdated({ displayName: values.name.trim(), photoURL: uploaded?.url ?? photoURL }));
      await registerUser(account, {
        userName: values.name.trim(),
        email: account.email,
        ...(uploaded ? { pictureId: uploaded.id } : { userPhoto: photoURL }),
        gender: values.gender as Gender,
      });
      form.reset();
      navigate('/');
    } catch (error) {
      form.reset();
      setAuthError(authErrorMessage(error));
    }
  };

  return (
    <section>
      <PageHeading>Register Here</PageHeading>
      <AuthCard>
        <FormGrid noValidate aria-label="Register" onSubmit={form.handleSubmit(onValid)}>
          <FormField label="Name" error={form.errors.name}>
            <TextInput autoComplete="name" {...form.field('name')} />
          </FormField>
          <PictureField
            urlLabel="Photo URL"
            url={form.field('photoURL')}
            fileName={form.field('photoFile')}
            onFile={setPhoto}
            error={form.errors.photoURL}
          />
          <FormField label="Email" error={form.errors.email}>
            <TextInput type="email" autoComplete="email" {...form.field('email')} />
          </FormField>
          <FormField label="Password" error={form.errors.password}>
            <PasswordInput autoComplete="new-password" {...form.field('password')} />
          </FormField>
          <FormField label="Confirm Password" error={form.errors.confirm}>
            <TextInput type="password" autoComplete="new-password" {...form.field('confirm')} />
          </FormField>
          <FormField label="Gender">
            <Select {...form.field('gender')}>
              {GENDERS.map((gender) => (
                <option key={gender} value={gender}>
                  {gender}
                </option>
              ))}
            </Select>
          </FormField>
          <Button type="submit" disabled={form.submitting}>
            Register
          </Button>
          {authError && <ErrorText role="alert">{authError}</ErrorText>}
        </FormGrid>
        <OrDivider>OR</OrDivider>
        <GoogleSignInButton />
        <Link to="/login">Already have an account? Please Login...</Link>
      </AuthCard>
    </section>
  );
}
