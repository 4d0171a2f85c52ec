import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  apiErrorMessage,
  Button,
  ErrorText,
  FormField,
  ListState,
  notify,
  PageHeading,
  Select,
  TextInput,
} from '@sportify/shared-ui';
import { DASHBOARD_STACK_BELOW, DataTable, MainCell } from '@sportify/shared-ui/tables';
import { paged } from '@sportify/shared-ui/endpoints/paged';
import { useClassesAllQuery } from '@sportify/shared-ui/endpoints/classes';
import {
  useDiscountsCodesQuery,
  useDiscountsCreateCodeMutation,
  useDiscountsDisableCodeMutation,
  useDiscountsOverviewQuery,
  useDiscountsRemoveEarlyBirdMutation,
  useDiscountsSetEarlyBirdMutation,
  useDiscountsSetSiblingMutation,
  type CreatePromoCodeDto as NewPromoCode,
} from '@sportify/shared-ui/endpoints/discounts';
import { dollarsBefore } from '@sportify/platform/money';

/** Approved classes to choose from (the first 60, by the API's order). */
const APPROVED = { status: 'approved', limit: 60 } as const;

const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space(8)};
`;

const SectionHeading = styled(PageHeading).attrs({ as: 'h2' })`
  font-size: 1.35rem;
`;

const Form = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  align-items: end;
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

/** The API's refusal, said under the form (its messages name the field). */
const refusal = (err: unknown) => apiErrorMessage(err, 'This could not be saved.');

/** Discounts (admins): the sibling discount, early-bird prices and promo codes; the API checks every value. */
export function DiscountsPage() {
  return (
    <>
      <PageHeading>Discounts</PageHeading>
      <Sibling />
      <EarlyBirds />
      <PromoCodes />
    </>
  );
}

function Sibling() {
  const { data } = useDiscountsOverviewQuery();
  const [save, { isLoading }] = useDiscountsSetSiblingMutation();
  const [percent, setPercent] = useState<string>();
  const [error, setError] = useState<string>();
  const shown = percent ?? (data ? String(data.siblingPercent) : '');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      await save({ percent: Number(shown) }).unwrap();
      setPercent(undefined);
      void notify.notice('Sibling discount saved');
    } catch (err) {
      setError(refusal(err));
    }
  };
  return (
    <Section aria-labelledby="sibling-heading">
      <SectionHeading id="sibling-heading">Sibling discount</SectionHeading>
      <p>
        Off the price of the second and later campers of one family in the same class or in classes of the same week.
      </p>
      <Form aria-label="Sibling discount" noValidate onSubmit={submit}>
        <FormField label="Sibling discount (%)" error={error}>
          <TextInput
            type="number"
            min={0}
            max={50}
            step={1}
            value={shown}
            onChange={(e) => setPercent(e.target.value)}
          />
        </FormField>
        <Button type="submit" disabled={isLoading || shown === ''}>
          Save
        </Button>
      </Form>
    </Section>
  );
}

function EarlyBirds() {
  const overview = useDiscountsOverviewQuery();
  const classes = paged(useClassesAllQuery(APPROVED));
  const [save, { isLoading }] = useDiscountsSetEarlyBirdMutation();
  const [remove] = useDiscountsRemoveEarlyBirdMutation();
  const [values, setValues] = useState({ classId: '', price: '', until: '' });
  const [error, setError] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (!values.classId) return setError('Choose a class');
    try {
      await save({
        classId: values.classId,
        earlyBirdDto: { price: Number(values.price), until: values.until },
      }).unwrap();
      setValues({ classId: '', price: '', until: '' });
      void notify.notice('Early-bird price saved');
    } catch (err) {
      setError(refusal(err));
    }
  };
  return (
    <Section aria-labelledby="early-bird-heading">
      <SectionHeading id="early-bird-heading">Early-bird prices</SectionHeading>
      <Form aria-label="Early-bird price" noValidate onSubmit={submit}>
        <FormField label="Class">
          <Select value={values.classId} onChange={(e) => setValues({ ...values, classId: e.target.value })}>
            <option value="">Choose a class</option>
            {classes.data?.items.map((c) => (
              <option key={c._id} value={c._id}>
                {c.className} ({dollarsBefore(c.price)})
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Early-bird price ($)">
          <TextInput
            type="number"
            min={0}
            step={0.01}
            value={values.price}
            onChange={(e) => setValues({ ...values, price: e.target.value })}
          />
        </FormField>
        <FormField label="Until">
          <TextInput
            type="date"
            value={values.until}
            onChange={(e) => setValues({ ...values, until: e.target.value })}
          />
        </FormField>
        <Button type="submit" disabled={isLoading}>
          Save early-bird price
        </Button>
      </Form>
      {error && <ErrorText role="alert">{error}</ErrorText>}
      <ListState
        query={{ ...overview, data: overview.data?.earlyBird }}
        loadingLabel="Loading early-bird prices"
        errorText="The early-bird prices could not be loaded."
        emptyText="No class has an early-bird price."
      >
        {(items) => (
          <DataTable
            labelledBy="early-bird-heading"
            stackBelow={DASHBOARD_STACK_BELOW}
            columns={['Class name', 'Price', 'Early-bird price', 'Until', 'Remove']}
          >
            {items.map((e) => (
              <tr key={e.classId}>
                <MainCell label="Class name" name={e.className} />
                <td data-label="Price">{dollarsBefore(e.price)}</td>
                <td data-label="Early-bird price">{dollarsBefore(e.earlyBirdPrice)}</td>
                <td data-label="Until">{e.earlyBirdUntil}</td>
                <td data-label="Remove">
                  <Button
                    type="button"
                    $variant="secondary"
                    aria-label={`Remove the early-bird price of ${e.className}`}
                    onClick={() => void remove(e.classId)}
                  >
                    Remove
                  </Button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListState>
    </Section>
  );
}

const NO_CODE = { code: '', kind: 'percent', value: '', validUntil: '', maxUses: '', classId: '' };

function PromoCodes() {
  const codes = useDiscountsCodesQuery({ limit: 60 });
  const classes = paged(useClassesAllQuery(APPROVED));
  const [create, { isLoading }] = useDiscountsCreateCodeMutation();
  const [disable] = useDiscountsDisableCodeMutation();
  const [values, setValues] = useState(NO_CODE);
  const [error, setError] = useState<string>();
  const set = (field: keyof typeof NO_CODE) => (e: { target: { value: string } }) =>
    setValues({ ...values, [field]: e.target.value });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const body: NewPromoCode = {
      code: values.code.trim(),
      kind: values.kind as NewPromoCode['kind'],
      value: Number(values.value),
      validUntil: values.validUntil,
      maxUses: Number(values.maxUses),
      ...(values.classId ? { classId: values.classId } : {}),
    };
    try {
      await create(body).unwrap();
      setValues(NO_CODE);
      void notify.notice(`Code ${body.code.toUpperCase()} added`);
    } catch (err) {
      setError(refusal(err));
    }
  };
  return (
    <Section aria-labelledby="codes-heading">
      <SectionHeading id="codes-heading">Promo codes</SectionHeading>
      <Form aria-label="New promo code" noValidate onSubmit={submit}>
        <FormField label="Code">
          <TextInput value={values.code} maxLength={32} onChange={set('code')} />
        </FormField>
        <FormField label="Kind">
          <Select value={values.kind} onChange={set('kind')}>
            <option value="percent">% off</option>
            <option value="amount">$ off</option>
          </Select>
        </FormField>
        <FormField label="Value">
          <TextInput type="number" min={0} step={0.01} value={values.value} onChange={set('value')} />
        </FormField>
        <FormField label="Valid until">
          <TextInput type="date" value={values.validUntil} onChange={set('validUntil')} />
        </FormField>
        <FormField label="Maximum uses">
          <TextInput type="number" min={1} step={1} value={values.maxUses} onChange={set('maxUses')} />
        </FormField>
        <FormField label="Only for class (optional)">
          <Select value={values.classId} onChange={set('classId')}>
            <option value="">Any class</option>
            {classes.data?.items.map((c) => (
              <option key={c._id} value={c._id}>
                {c.className}
              </option>
            ))}
          </Select>
        </FormField>
        <Button type="submit" disabled={isLoading}>
          Add code
        </Button>
      </Form>
      {error && <ErrorText role="alert">{error}</ErrorText>}
      <ListState
        query={{ ...codes, data: codes.data?.items }}
        loadingLabel="Loading promo codes"
        errorText="The promo codes could not be loaded."
        emptyText="No promo code yet."
      >
        {(items) => (
          <DataTable
            labelledBy="codes-heading"
            stackBelow={DASHBOARD_STACK_BELOW}
            columns={['Code', 'Off', 'Valid until', 'Uses', 'Class', 'Disable']}
          >
            {items.map((c) => (
              <tr key={c._id}>
                <MainCell label="Code" name={c.code} />
                <td data-label="Off">{c.kind === 'percent' ? `${c.value}%` : dollarsBefore(c.value)}</td>
                <td data-label="Valid until">{c.validUntil}</td>
                <td data-label="Uses">
                  {c.used} of {c.maxUses}
                </td>
                <td data-label="Class">{c.className ?? 'Any class'}</td>
                <td data-label="Disable">
                  {c.disabled ? (
                    'Disabled'
                  ) : (
                    <Button
                      type="button"
                      $variant="secondary"
                      aria-label={`Disable ${c.code}`}
                      onClick={() => void disable(c._id)}
                    >
                      Disable
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListState>
    </Section>
  );
}
