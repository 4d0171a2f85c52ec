import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { ErrorText, FormField, TextInput } from '@sportify/shared-ui';
import { PICTURE_TYPES, pictureFileProblem } from './pictureFile';

type TextFieldProps = {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
};

export interface PictureFieldProps {
  /** The URL field's label (the spec's: 'Photo URL', 'Class image URL'). */
  urlLabel: string;
  /** The URL's form field (`form.field(...)`). */
  url: TextFieldProps;
  /** The form's field holding the chosen file's name ('' for none): the rules see that a file was chosen. */
  fileName: TextFieldProps;
  /** The chosen file (null when cleared), kept by the form for its submit. */
  onFile: (file: File | null) => void;
  /** The form's message for the picture ('Photo URL is required' when neither is given). */
  error?: string;
}

const Upload = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  label {
    font-weight: 600;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.muted};
    font-size: 0.95rem;
  }
`;

/**
 * A picture given either way: a URL (the API imports it after the save) or a file from the device (**Upload a
 * picture**: JPEG, PNG, WebP, AVIF or GIF up to 10 MB, uploaded when the form is sent).
 */
export function PictureField({ urlLabel, url, fileName, onFile, error }: PictureFieldProps) {
  const id = useId();
  const [fileError, setFileError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // The form was reset: the control lets go of its file too.
  useEffect(() => {
    if (!fileName.value && input.current) input.current.value = '';
  }, [fileName.value]);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const problem = file && pictureFileProblem(file);
    setFileError(problem);
    const kept = problem ? null : file;
    if (!kept) event.target.value = '';
    onFile(kept);
    fileName.onChange({ target: { name: fileName.name, value: kept?.name ?? '' } } as ChangeEvent<HTMLInputElement>);
  };
  return (
    <>
      <FormField label={urlLabel} error={fileName.value ? undefined : error}>
        <TextInput {...url} type="url" inputMode="url" placeholder="https://..." disabled={!!fileName.value} />
      </FormField>
      <Upload>
        <label htmlFor={id}>Upload a picture</label>
        <input
          ref={input}
          id={id}
          name={fileName.name}
          type="file"
          accept={PICTURE_TYPES.join(',')}
          onChange={choose}
          aria-describedby={`${id}-hint`}
          aria-invalid={Boolean(fileError)}
        />
        <p id={`${id}-hint`}>Or give its URL above. JPEG, PNG, WebP, AVIF or GIF, up to 10 MB.</p>
        {fileError && <ErrorText role="alert">{fileError}</ErrorText>}
      </Upload>
    </>
  );
}
