import { useState } from 'react';
import styled from 'styled-components';
import { apiErrorMessage, Button, ErrorText, FormField, notify, TextInput } from '@sportify/shared-ui';
import { useWaiversSignMutation, type WaiverVersionResponse } from '@sportify/shared-ui/endpoints/waivers';

/**
 * The camp's current waiver, signed for one camper before the payment: its text, "I agree to this waiver" and the
 * signer's typed full name. The API stores the version, the time, the account and the name.
 */
export function WaiverSign({
  waiver,
  camperId,
  camperName,
}: {
  waiver: WaiverVersionResponse;
  camperId: string;
  camperName: string;
}) {
  const [sign, { isLoading }] = useWaiversSignMutation();
  const [agreed, setAgreed] = useState(false);
  const [typedName, setTypedName] = useState('');
  const [errors, setErrors] = useState<{ agreed?: string; typedName?: string }>({});
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async () => {
    const found = {
      ...(agreed ? {} : { agreed: 'Tick "I agree to this waiver" to sign' }),
      ...(typedName.trim() ? {} : { typedName: 'Type your full name to sign' }),
    };
    setErrors(found);
    setRefusal(null);
    if (Object.keys(found).length) return;
    try {
      await sign({ camperId, version: waiver.version, typedName: typedName.trim(), agreed: true }).unwrap();
      void notify.notice(`Waiver signed for ${camperName}`);
    } catch (error) {
      setRefusal(apiErrorMessage(error, 'The waiver could not be signed. Please try again.'));
    }
  };

  return (
    <Form
      aria-labelledby="waiver-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id="waiver-title">{waiver.title}</h2>
      <p>Sign the camp&apos;s waiver for {camperName} before paying.</p>
      <Text tabIndex={0} aria-label="Waiver text">
        {waiver.text}
      </Text>
      <Agree>
        <input
          type="checkbox"
          checked={agreed}
          aria-invalid={Boolean(errors.agreed)}
          aria-describedby={errors.agreed ? 'waiver-agree-error' : undefined}
          onChange={(e) => setAgreed(e.target.checked)}
        />
        I agree to this waiver
      </Agree>
      {errors.agreed && <ErrorText id="waiver-agree-error">{errors.agreed}</ErrorText>}
      <FormField label="Type your full name to sign" error={errors.typedName}>
        <TextInput
          value={typedName}
          maxLength={80}
          autoComplete="name"
          onChange={(e) => setTypedName(e.target.value)}
        />
      </FormField>
      {refusal && <ErrorText role="alert">{refusal}</ErrorText>}
      <Button type="submit" disabled={isLoading}>
        Sign the waiver
      </Button>
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  h2 {
    margin: 0;
    font-size: 1.2rem;
  }
  p {
    margin: 0;
  }
`;

const Text = styled.div`
  max-height: 240px;
  overflow-y: auto;
  padding: ${({ theme }) => theme.space(3)};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;

const Agree = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  font-weight: 600;
  input {
    width: 1.2rem;
    height: 1.2rem;
  }
`;
