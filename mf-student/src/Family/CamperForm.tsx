import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import {
  apiErrorMessage,
  Button,
  ErrorText,
  FormCard,
  FormField,
  media,
  TextArea,
  TextInput,
  useForm,
} from '@sportify/shared-ui';
import { CONTACT_MAX, NAME_MAX, NOTES_MAX, validateCamper, type CamperFormValues } from './camperRules';

const Row = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  ${media.md} {
    grid-template-columns: 1fr 1fr;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
`;

const Title = styled.h2`
  margin: 0;
  font-size: 1.25rem;
`;

export interface CamperFormProps {
  title: string;
  initialValues: CamperFormValues;
  /** Throwing shows the API's message in red under the form. */
  onSave: (values: CamperFormValues) => Promise<void>;
  onCancel: () => void;
}

/** A camper's details, checked like the API checks them (errors in red under each field, docs/product.md §5). */
export function CamperForm({ title, initialValues, onSave, onCancel }: CamperFormProps) {
  const form = useForm<CamperFormValues>(initialValues, validateCamper);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const first = useRef<HTMLInputElement>(null);
  // Opened by a button: the keyboard goes straight to the first field.
  useEffect(() => first.current?.focus(), []);

  const submit = form.handleSubmit(async (values) => {
    setSubmitError(null);
    try {
      await onSave(values);
    } catch (error) {
      setSubmitError(apiErrorMessage(error));
    }
  });

  return (
    <FormCard onSubmit={submit} noValidate aria-label={title} aria-busy={form.submitting}>
      <Title>{title}</Title>
      <FormField label="Camper's name" error={form.errors.name}>
        <TextInput ref={first} {...form.field('name')} maxLength={NAME_MAX} autoComplete="off" />
      </FormField>
      <FormField label="Date of birth" error={form.errors.dateOfBirth}>
        <TextInput {...form.field('dateOfBirth')} type="date" />
      </FormField>
      <FormField label="Allergies and medical notes" error={form.errors.notes}>
        <TextArea {...form.field('notes')} maxLength={NOTES_MAX} placeholder="Optional, e.g. peanut allergy, asthma" />
      </FormField>
      <Row>
        <FormField label="Emergency contact" error={form.errors.emergencyContact}>
          <TextInput {...form.field('emergencyContact')} maxLength={CONTACT_MAX} autoComplete="off" />
        </FormField>
        <FormField label="Emergency phone" error={form.errors.emergencyPhone}>
          <TextInput {...form.field('emergencyPhone')} type="tel" inputMode="tel" maxLength={20} />
        </FormField>
      </Row>
      <Actions>
        <Button type="submit" disabled={form.submitting}>
          {form.submitting ? 'Saving...' : 'Save camper'}
        </Button>
        <Button type="button" $variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </Actions>
      {submitError && <ErrorText role="alert">{submitError}</ErrorText>}
    </FormCard>
  );
}
