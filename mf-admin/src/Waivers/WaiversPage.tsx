import { useState } from 'react';
import styled from 'styled-components';
import {
  apiErrorMessage,
  Button,
  ErrorText,
  FormField,
  notify,
  PageHeading,
  saveFile,
  Spinner,
  TextArea,
  TextInput,
  UrlSearchInput,
  useUrlQuery,
} from '@sportify/shared-ui';
import { PagedTable } from '@sportify/shared-ui/tables';
import {
  useWaiversCurrentQuery,
  useWaiversDocumentMutation,
  useWaiversPublishMutation,
  useWaiversSignaturesQuery,
  type SignatureListItemResponse,
  type WaiverVersionResponse,
} from '@sportify/shared-ui/endpoints/waivers';

const TITLE_MAX = 120;
const TEXT_MAX = 20_000;

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const Time = ({ value }: { value: string }) => <time dateTime={value}>{when.format(new Date(value))}</time>;

const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space(8)};
`;

const SectionHeading = styled(PageHeading).attrs({ as: 'h2' })`
  font-size: 1.35rem;
`;

/**
 * Waivers (admins): the camp's waiver, title and text. Publishing a change makes a new version, which every family
 * signs for each camper before their next payment; the signatures can be downloaded as signed.
 */
export function WaiversPage() {
  const current = useWaiversCurrentQuery();
  const waiver = current.data?.current ?? null;
  return (
    <>
      <PageHeading>Waivers</PageHeading>
      <Section aria-labelledby="waiver-heading">
        <SectionHeading id="waiver-heading">The camp&apos;s waiver</SectionHeading>
        {current.isLoading ? (
          <Spinner label="Loading the waiver" />
        ) : current.isError ? (
          <ErrorText role="alert">{apiErrorMessage(current.error, 'The waiver could not be loaded.')}</ErrorText>
        ) : (
          <WaiverForm key={waiver?._id ?? 'none'} current={waiver} />
        )}
      </Section>
      <Signatures />
    </>
  );
}

function WaiverForm({ current }: { current: WaiverVersionResponse | null }) {
  const [title, setTitle] = useState(current?.title ?? '');
  const [text, setText] = useState(current?.text ?? '');
  const [errors, setErrors] = useState<{ title?: string; text?: string }>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [publish, { isLoading }] = useWaiversPublishMutation();

  const submit = async () => {
    const found = {
      ...(title.trim() ? {} : { title: 'Title is required' }),
      ...(text.trim() ? {} : { text: 'Waiver text is required' }),
    };
    setErrors(found);
    setRefusal(null);
    if (Object.keys(found).length) return;
    try {
      const published = await publish({ title, text }).unwrap();
      void notify.notice(`Waiver version ${published.version} published`);
    } catch (error) {
      setRefusal(apiErrorMessage(error, 'The waiver could not be published. Please try again.'));
    }
  };

  return (
    <Form
      aria-label="Waiver"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p>
        {current
          ? `Version ${current.version}, published ${when.format(new Date(current.publishedAt))}. Publishing a change makes a new version: families sign it before their next payment.`
          : 'No waiver is published yet: families are asked to sign nothing.'}
      </p>
      <FormField label="Title" error={errors.title}>
        <TextInput value={title} maxLength={TITLE_MAX} onChange={(e) => setTitle(e.target.value)} />
      </FormField>
      <FormField label="Text" error={errors.text}>
        <Text value={text} maxLength={TEXT_MAX} onChange={(e) => setText(e.target.value)} />
      </FormField>
      {refusal && <ErrorText role="alert">{refusal}</ErrorText>}
      <div>
        <Button type="submit" disabled={isLoading}>
          Publish
        </Button>
      </div>
    </Form>
  );
}

function Signatures() {
  const url = useUrlQuery();
  const q = url.get('q');
  const signatures = useWaiversSignaturesQuery({ page: url.page, ...(q ? { q } : {}) });
  const [download, { isLoading }] = useWaiversDocumentMutation();

  const save = async (s: SignatureListItemResponse) => {
    try {
      const body = String(await download(s._id).unwrap());
      const slug = s.camperName.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      saveFile(`waiver-${slug}-v${s.version}.txt`, 'text/plain', body);
    } catch (error) {
      void notify.error(apiErrorMessage(error, 'The signed waiver could not be downloaded. Please try again.'));
    }
  };

  return (
    <Section aria-labelledby="signatures-heading">
      <SectionHeading id="signatures-heading">Signed waivers</SectionHeading>
      <UrlSearchInput label="Search by camper, signer or e-mail" />
      <PagedTable
        query={signatures}
        noun="signatures"
        pagesLabel="Signed waivers pages"
        loadingLabel="Loading signed waivers"
        errorText="The signed waivers could not be loaded."
        emptyText="No waiver has been signed yet."
        labelledBy="signatures-heading"
        stackBelow={900}
        columns={['Camper', 'Signed by', 'Family e-mail', 'Version', 'Signed', 'Download']}
        row={(s) => (
          <tr key={s._id}>
            <th scope="row" data-label="Camper">
              {s.camperName}
            </th>
            <td data-label="Signed by">{s.typedName}</td>
            <td data-label="Family e-mail">{s.accountEmail}</td>
            <td data-label="Version">{s.version}</td>
            <td data-label="Signed">
              <Time value={s.signedAt} />
            </td>
            <td data-label="Download">
              <Button
                type="button"
                $variant="secondary"
                disabled={isLoading}
                aria-label={`Download the waiver signed for ${s.camperName} (version ${s.version})`}
                onClick={() => void save(s)}
              >
                Download
              </Button>
            </td>
          </tr>
        )}
      />
    </Section>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 760px;
  p {
    margin: 0;
  }
`;

const Text = styled(TextArea)`
  min-height: 240px;
`;
