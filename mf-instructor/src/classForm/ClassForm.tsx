import { useState } from 'react';
import styled from 'styled-components';
import {
  apiErrorMessage,
  Button,
  campTimeZone,
  ErrorText,
  FormCard,
  FormField,
  media,
  TextInput,
  useForm,
} from '@sportify/shared-ui';
import { PictureField, uploadPicture } from '@sportify/shared-ui/pictures';
import {
  AGE_MAX,
  CLASS_NAME_MAX,
  INSTALLMENTS_MAX,
  PLAN_NEEDS_DATE,
  PRICE_MAX,
  SEATS_MAX,
  SESSIONS_MAX,
  toClassInput,
  validateClass,
  type ClassFormValues,
  type ClassInput,
} from './classRules';

// Pairs of short fields side by side from medium screens up.
const Row = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  ${media.md} {
    grid-template-columns: 1fr 1fr;
  }
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.95rem;
`;

export interface ClassFormProps {
  /** Starting values (empty for Add, the stored class for Update); read once, remount with a key to change. */
  initialValues: ClassFormValues;
  /** Read-only: the class always belongs to the signed-in instructor. */
  instructorName: string;
  instructorEmail: string;
  submitLabel: string;
  /** The seats field's label: Add asks for the available seats, Update for the seats in all. */
  seatsLabel?: string;
  /**
   * Saves the checked input. Throwing (e.g. an RTK Query `unwrap()` rejection) shows the API's message in red
   * under the form; `reset` empties the form (Add does it after a successful save).
   */
  onSubmit: (input: ClassInput, form: { reset: () => void }) => Promise<void>;
}

/** The class fields and rules shared by Add A Class and Update class (docs/product.md §5, API bounds). */
export function ClassForm({
  initialValues,
  instructorName,
  instructorEmail,
  submitLabel,
  seatsLabel = 'Available seats',
  onSubmit,
}: ClassFormProps) {
  const form = useForm<ClassFormValues>(initialValues, validateClass);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setSubmitError(null);
    try {
      // A chosen file is uploaded first; the class then names it, and shows it at once.
      const picture = values.pictureFile && file ? await uploadPicture(file) : undefined;
      const input = toClassInput(values);
      await onSubmit(picture ? { ...input, pictureId: picture.id } : input, { reset: form.reset });
    } catch (error) {
      setSubmitError(apiErrorMessage(error));
    }
  });

  return (
    <FormCard onSubmit={submit} noValidate aria-busy={form.submitting}>
      <FormField label="Class name" error={form.errors.className}>
        <TextInput {...form.field('className')} maxLength={CLASS_NAME_MAX} placeholder="e.g. Beach Volleyball Basics" />
      </FormField>
      <PictureField
        urlLabel="Class image URL"
        url={form.field('classImage')}
        fileName={form.field('pictureFile')}
        onFile={setFile}
        error={form.errors.classImage}
      />
      <Row>
        <FormField label="Instructor name">
          <TextInput name="instructorName" value={instructorName} readOnly />
        </FormField>
        <FormField label="Instructor email">
          <TextInput name="instructorEmail" type="email" value={instructorEmail} readOnly />
        </FormField>
      </Row>
      <Row>
        <FormField label={seatsLabel} error={form.errors.seats}>
          <TextInput {...form.field('seats')} type="number" inputMode="numeric" min={0} max={SEATS_MAX} step={1} />
        </FormField>
        <FormField label="Enrollment price ($)" error={form.errors.price}>
          <TextInput {...form.field('price')} type="number" inputMode="decimal" min={0} max={PRICE_MAX} step={0.01} />
        </FormField>
      </Row>
      <Row>
        <FormField label="Start date" error={form.errors.startDate}>
          <TextInput {...form.field('startDate')} type="datetime-local" />
        </FormField>
        <FormField label="Sessions" error={form.errors.sessions}>
          <TextInput
            {...form.field('sessions')}
            type="number"
            inputMode="numeric"
            min={1}
            max={SESSIONS_MAX}
            step={1}
          />
        </FormField>
      </Row>
      <Hint>
        Start date and sessions are optional: the date and time are the camp&apos;s ({campTimeZone()}), and sessions are
        weekly from that date.
      </Hint>
      <Row>
        <FormField label="Minimum age" error={form.errors.minAge}>
          <TextInput {...form.field('minAge')} type="number" inputMode="numeric" min={0} max={AGE_MAX} step={1} />
        </FormField>
        <FormField label="Maximum age" error={form.errors.maxAge}>
          <TextInput {...form.field('maxAge')} type="number" inputMode="numeric" min={0} max={AGE_MAX} step={1} />
        </FormField>
      </Row>
      <Hint>Ages are optional, in whole years, and counted at the class&apos;s start date.</Hint>
      <Row>
        <FormField label="Deposit ($)" error={form.errors.deposit}>
          <TextInput {...form.field('deposit')} type="number" inputMode="decimal" min={1} step={0.01} />
        </FormField>
        <FormField label="Installments" error={form.errors.installments}>
          <TextInput
            {...form.field('installments')}
            type="number"
            inputMode="numeric"
            min={1}
            max={INSTALLMENTS_MAX}
            step={1}
          />
        </FormField>
      </Row>
      <Hint>
        A payment plan is optional: families may pay the deposit now and the rest in installments, spread evenly until 7
        days before the class starts. {PLAN_NEEDS_DATE}.
      </Hint>
      <Button type="submit" disabled={form.submitting}>
        {form.submitting ? 'Saving...' : submitLabel}
      </Button>
      {submitError && <ErrorText role="alert">{submitError}</ErrorText>}
    </FormCard>
  );
}
