import { useState } from 'react';
import {
  apiErrorMessage,
  Avatar,
  Button,
  ErrorText,
  FormCard,
  FormField,
  notify,
  PageHeading,
  pictureOfUrl,
  profileUpdated,
  selectUser,
  TextInput,
  useAppDispatch,
  useAppSelector,
  useForm,
  type FormErrors,
} from '@sportify/shared-ui';
import { PictureField, uploadPicture } from '@sportify/shared-ui/pictures';
import { useUpdateProfileMutation } from './profileApi';

type ProfileValues = {
  name: string;
  photoURL: string;
  photoFile: string;
};

const validate = (values: ProfileValues): FormErrors<ProfileValues> =>
  values.name.trim() ? {} : { name: 'Name is required' };

/**
 * Profile: the signed-in person's name and photo, for every role. The photo is given as Register takes it (a URL,
 * imported by the API after the save, or a file); left empty, the current photo stays.
 */
export function ProfilePage() {
  // A saved form starts again from the saved profile.
  const [saves, setSaves] = useState(0);
  return <ProfileForm key={saves} onSaved={() => setSaves((n) => n + 1)} />;
}

function ProfileForm({ onSaved }: { onSaved: () => void }) {
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const [updateProfile] = useUpdateProfileMutation();
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState('');
  const form = useForm<ProfileValues>({ name: user?.displayName ?? '', photoURL: '', photoFile: '' }, validate);

  const onValid = async (values: ProfileValues) => {
    setError('');
    const file = values.photoFile ? photo : null;
    const url = file ? '' : values.photoURL.trim();
    try {
      const uploaded = file ? await uploadPicture(file) : undefined;
      const me = await updateProfile({
        userName: values.name.trim(),
        ...(uploaded ? { pictureId: uploaded.id } : url ? { userPhoto: url } : {}),
      }).unwrap();
      dispatch(profileUpdated({ displayName: me.displayName, photoURL: me.photoURL }));
      notify.success(url && !me.pictureId ? 'Profile saved: your photo shows once it is loaded' : 'Profile saved');
      onSaved();
    } catch (err) {
      setError(apiErrorMessage(err, 'Your profile could not be saved'));
    }
  };

  return (
    <section>
      <PageHeading>Profile</PageHeading>
      <FormCard noValidate aria-label="Profile" onSubmit={form.handleSubmit(onValid)}>
        {user && (
          <Avatar
            picture={pictureOfUrl(user.photoURL)}
            name={user.displayName || user.email}
            alt={`Your photo: ${user.displayName || user.email}`}
            size={96}
          />
        )}
        <FormField label="Name" error={form.errors.name}>
          <TextInput autoComplete="name" {...form.field('name')} />
        </FormField>
        <PictureField
          urlLabel="Photo URL"
          url={form.field('photoURL')}
          fileName={form.field('photoFile')}
          onFile={setPhoto}
        />
        <Button type="submit" disabled={form.submitting}>
          Save
        </Button>
        {error && <ErrorText role="alert">{error}</ErrorText>}
      </FormCard>
    </section>
  );
}
