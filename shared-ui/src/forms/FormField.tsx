import { cloneElement, useId, type ReactElement } from 'react';
import styled, { css } from 'styled-components';

const controlStyle = css`
  width: 100%;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  font: inherit;
  color: inherit;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
  &:read-only {
    background: ${({ theme }) => theme.colors.background};
  }
`;

export const TextInput = styled.input`
  ${controlStyle}
`;
export const TextArea = styled.textarea`
  ${controlStyle} min-height: 120px;
  resize: vertical;
`;
export const Select = styled.select`
  ${controlStyle}
`;

/** Red message text (field errors, provider errors under a form). */
export const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: 0.95rem;
`;

const Field = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  label {
    font-weight: 600;
  }
`;

type Control = ReactElement<{ id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }>;

export interface FormFieldProps {
  label: string;
  /** The validation message; shown in red under the control and linked to it for screen readers. */
  error?: string;
  /** One control (TextInput, TextArea, Select...); its id and aria attributes are filled in. */
  children: Control;
}

/** Label + control + red error text, wired together (label for=id, aria-invalid, aria-describedby). */
export function FormField({ label, error, children }: FormFieldProps) {
  const generated = useId();
  const id = children.props.id ?? generated;
  const errorId = `${id}-error`;
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, {
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': error ? errorId : undefined,
      })}
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </Field>
  );
}
