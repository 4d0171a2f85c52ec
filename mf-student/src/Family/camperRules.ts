import type { FormErrors } from '@sportify/shared-ui';
import type { Camper, CamperInput } from './familyApi';
import { birthDateProblem } from '@sportify/platform/ages';
import { isCalendarDay } from '@sportify/platform/dates';

// Bounds mirror the API's (POST /campers), so what the form accepts is never refused for its shape.
export const NAME_MAX = 80;
export const NOTES_MAX = 1000;
export const CONTACT_MAX = 80;
const PHONE = /^[0-9 +()-]{7,20}$/;

export type CamperFormValues = {
  name: string;
  dateOfBirth: string;
  notes: string;
  emergencyContact: string;
  emergencyPhone: string;
};

export const EMPTY_CAMPER: CamperFormValues = {
  name: '',
  dateOfBirth: '',
  notes: '',
  emergencyContact: '',
  emergencyPhone: '',
};

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

export function validateCamper(values: CamperFormValues, today: Date = new Date()): FormErrors<CamperFormValues> {
  const errors: FormErrors<CamperFormValues> = {};
  const name = values.name.trim();
  if (!name) errors.name = "Camper's name is required";
  else if (name.length > NAME_MAX) errors.name = `Camper's name must be at most ${NAME_MAX} characters`;

  const born = values.dateOfBirth.trim();
  if (!born) errors.dateOfBirth = 'Date of birth is required';
  else if (!isCalendarDay(born)) errors.dateOfBirth = 'Date of birth must be a date, e.g. 2017-05-14';
  else {
    const problem = birthDateProblem(born, isoDay(today));
    if (problem) errors.dateOfBirth = problem;
  }

  if (values.notes.trim().length > NOTES_MAX) errors.notes = `Notes must be at most ${NOTES_MAX} characters`;

  const contact = values.emergencyContact.trim();
  if (!contact) errors.emergencyContact = 'Emergency contact is required';
  else if (contact.length > CONTACT_MAX)
    errors.emergencyContact = `Emergency contact must be at most ${CONTACT_MAX} characters`;

  const phone = values.emergencyPhone.trim();
  if (!phone) errors.emergencyPhone = 'Emergency phone is required';
  else if (!PHONE.test(phone)) errors.emergencyPhone = 'Emergency phone must be 7-20 digits, spaces, +, (, ) or -';
  return errors;
}

export const toCamperInput = (values: CamperFormValues): CamperInput => ({
  name: values.name.trim(),
  dateOfBirth: values.dateOfBirth.trim(),
  notes: values.notes.trim(),
  emergencyContact: values.emergencyContact.trim(),
  emergencyPhone: values.emergencyPhone.trim(),
});

export const toCamperForm = (camper: Camper): CamperFormValues => ({
  name: camper.name,
  dateOfBirth: camper.dateOfBirth.slice(0, 10),
  notes: camper.notes ?? '',
  emergencyContact: camper.emergencyContact,
  emergencyPhone: camper.emergencyPhone,
});

/** Only what changed, so an edit never overwrites a field someone else saved meanwhile. */
export function camperChanges(camper: Camper, input: CamperInput): Partial<CamperInput> {
  const before = toCamperInput(toCamperForm(camper));
  return Object.fromEntries(
    (Object.keys(input) as (keyof CamperInput)[]).filter((k) => input[k] !== before[k]).map((k) => [k, input[k]]),
  );
}
