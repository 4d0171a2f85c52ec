import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';

export type FormValues = Record<string, string>;
export type FormErrors<T extends FormValues> = Partial<Record<keyof T, string>>;
/** Returns the first message per invalid field (the exact texts of docs/product.md §5); an empty object means valid. */
export type Validator<T extends FormValues> = (values: T) => FormErrors<T>;

export interface UseFormResult<T extends FormValues> {
  values: T;
  errors: FormErrors<T>;
  /** Props for a text control bound to `name`: value, name and onChange (revalidates after the first submit). */
  field: (name: keyof T & string) => {
    name: string;
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  };
  /** Form onSubmit: validates; calls `onValid` with the values only when there is no error. */
  handleSubmit: (onValid: (values: T) => void | Promise<void>) => (event: FormEvent) => Promise<void>;
  reset: () => void;
  submitting: boolean;
}

/** Small form state helper: validation on submit, then revalidation on every change (docs/product.md §5). */
export function useForm<T extends FormValues>(initial: T, validate: Validator<T>): UseFormResult<T> {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FormErrors<T>>({});
  const [submitting, setSubmitting] = useState(false);
  const submitted = useRef(false);
  const initialRef = useRef(initial);

  const field = useCallback<UseFormResult<T>['field']>(
    (name) => ({
      name,
      value: values[name],
      onChange: (event) => {
        const next = { ...values, [name]: event.target.value } as T;
        setValues(next);
        if (submitted.current) setErrors(validate(next));
      },
    }),
    [values, validate],
  );

  const handleSubmit: UseFormResult<T>['handleSubmit'] = (onValid) => async (event) => {
    event.preventDefault();
    submitted.current = true;
    const found = validate(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setSubmitting(true);
    try {
      await onValid(values);
    } finally {
      setSubmitting(false);
    }
  };

  const reset = useCallback(() => {
    submitted.current = false;
    setValues(initialRef.current);
    setErrors({});
  }, []);

  return { values, errors, field, handleSubmit, reset, submitting };
}
