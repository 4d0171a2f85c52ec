import { useId, useState } from 'react';
import styled from 'styled-components';
import { apiErrorMessage, Button, ErrorText, FormField, notify, TextInput, VisuallyHidden } from '@sportify/shared-ui';
import { useCampersAddPickupMutation, useCampersRemovePickupMutation } from '@sportify/shared-ui/endpoints/campers';
import type { Camper, PickupInput } from './familyApi';

const EMPTY: PickupInput = { name: '', relationship: '', phone: '' };
const PHONE = /^[0-9 +()-]{7,20}$/;

/** The first problem of each field, as the API words it. */
function pickupErrors(p: PickupInput): Partial<Record<keyof PickupInput, string>> {
  const errors: Partial<Record<keyof PickupInput, string>> = {};
  if (!p.name.trim()) errors.name = "Pick-up's name is required";
  if (!p.relationship.trim()) errors.relationship = 'Relationship is required';
  const phone = p.phone.trim();
  if (!phone) errors.phone = 'Phone is required';
  else if (!PHONE.test(phone) || !/\d/.test(phone)) errors.phone = 'Phone must be 7-20 digits, spaces, +, (, ) or -';
  return errors;
}

/**
 * Authorised pick-ups: who may collect the camper at check-out. At least one is needed before a first check-in;
 * the API keeps them as private as the notes.
 */
export function Pickups({ camper }: { camper: Camper }) {
  const [addPickup, { isLoading: adding }] = useCampersAddPickupMutation();
  const [removePickup, { isLoading: removing }] = useCampersRemovePickupMutation();
  const [values, setValues] = useState<PickupInput>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof PickupInput, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const headingId = useId();

  const set = (field: keyof PickupInput) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const add = async () => {
    const found = pickupErrors(values);
    setErrors(found);
    setRefusal(null);
    if (Object.keys(found).length) return;
    try {
      await addPickup({
        id: camper._id,
        pickupDto: { name: values.name.trim(), relationship: values.relationship.trim(), phone: values.phone.trim() },
      }).unwrap();
      void notify.notice(`${values.name.trim()} can pick up ${camper.name}`);
      setValues(EMPTY);
    } catch (error) {
      setRefusal(apiErrorMessage(error, 'The pick-up could not be added. Please try again.'));
    }
  };

  const remove = async (pickupId: string, name: string) => {
    setRefusal(null);
    try {
      await removePickup({ id: camper._id, pickupId }).unwrap();
      void notify.notice(`${name} is no longer an authorised pick-up of ${camper.name}`);
    } catch (error) {
      setRefusal(apiErrorMessage(error, 'The pick-up could not be removed. Please try again.'));
    }
  };

  return (
    <Section aria-labelledby={headingId}>
      {/* Each camper's section is a landmark of its own: its name says whose it is. */}
      <h3 id={headingId}>
        Authorised pick-ups<VisuallyHidden> of {camper.name}</VisuallyHidden>
      </h3>
      {camper.pickups.length === 0 ? (
        <p>Nobody yet: add at least one person before {camper.name}&apos;s first check-in.</p>
      ) : (
        <ul aria-label={`Authorised pick-ups of ${camper.name}`}>
          {camper.pickups.map((p) => (
            <li key={p._id}>
              <span>
                {p.name} ({p.relationship}), {p.phone}
              </span>
              <Button
                type="button"
                $variant="secondary"
                aria-label={`Remove ${p.name}`}
                disabled={removing}
                onClick={() => void remove(p._id, p.name)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Form
        aria-label={`Add a pick-up for ${camper.name}`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <FormField label="Name" error={errors.name}>
          <TextInput value={values.name} maxLength={80} onChange={set('name')} />
        </FormField>
        <FormField label="Relationship" error={errors.relationship}>
          <TextInput value={values.relationship} maxLength={40} onChange={set('relationship')} />
        </FormField>
        <FormField label="Phone" error={errors.phone}>
          <TextInput type="tel" value={values.phone} maxLength={20} onChange={set('phone')} />
        </FormField>
        <Button type="submit" disabled={adding}>
          Add pick-up
        </Button>
      </Form>
      {refusal && <ErrorText role="alert">{refusal}</ErrorText>}
    </Section>
  );
}

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(2)};
  h3 {
    margin: 0;
    font-size: 1rem;
  }
  ul {
    display: grid;
    gap: ${({ theme }) => theme.space(2)};
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space(2)};
  }
`;

const Form = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  align-items: end;
  gap: ${({ theme }) => theme.space(2)};
`;
