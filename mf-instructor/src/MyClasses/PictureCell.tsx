import { useId, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { apiErrorMessage, ClassPicture, ErrorText, notify, type CampClass } from '@sportify/shared-ui';
import { PICTURE_TYPES, pictureFileProblem, uploadPicture } from '@sportify/shared-ui/pictures';
import { useClassesUpdateMutation } from '@sportify/shared-ui/endpoints/classes';

const Failed = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  /* Within a stacked card's value column as well as a table cell: never wider than what holds it. */
  min-width: 0;
  max-width: min(160px, 100%);
  font-size: 0.9rem;
  overflow-wrap: anywhere;
  label {
    font-weight: 600;
  }
  input {
    width: 100%;
    min-width: 0;
  }
`;

/**
 * A class's picture in My Classes. When its import gave up, the instructor reads `Picture could not be loaded` and
 * can upload one instead (docs/product.md §A13); the class then shows it at once.
 */
export function PictureCell({ item }: { item: Pick<CampClass, '_id' | 'className' | 'picture'> }) {
  const id = useId();
  const [updateClass, { isLoading }] = useClassesUpdateMutation();
  const [error, setError] = useState<string | null>(null);
  const picture = <ClassPicture picture={item.picture} alt={item.className} sizes="96px" width={96} height={72} />;
  if (item.picture.status !== 'failed') return picture;

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = pictureFileProblem(file);
    setError(problem);
    if (problem) return;
    try {
      const uploaded = await uploadPicture(file);
      await updateClass({ id: item._id, updateClassDto: { pictureId: uploaded.id } }).unwrap();
      notify.notice('Your work has been saved');
    } catch (err) {
      setError(apiErrorMessage(err));
    }
  };
  return (
    <Failed>
      {picture}
      <strong>Picture could not be loaded</strong>
      <label htmlFor={id}>Upload a picture</label>
      <input
        id={id}
        type="file"
        accept={PICTURE_TYPES.join(',')}
        onChange={(event) => void upload(event)}
        disabled={isLoading}
        aria-label={`Upload a picture for ${item.className}`}
      />
      {error && <ErrorText role="alert">{error}</ErrorText>}
    </Failed>
  );
}
