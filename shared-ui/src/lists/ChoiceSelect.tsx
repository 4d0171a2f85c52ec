import { FormField, Select } from '../forms/FormField';

/** A labelled select over fixed choices (value -> what it reads), e.g. a list's role, status or sort filter. */
export function ChoiceSelect<V extends string>({
  label,
  choices,
  value,
  onChange,
}: {
  label: string;
  choices: Record<V, string>;
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <FormField label={label}>
      <Select value={value} onChange={(e) => onChange(e.target.value as V)}>
        {(Object.entries(choices) as Array<[V, string]>).map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </Select>
    </FormField>
  );
}
