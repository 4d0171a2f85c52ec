import { useState } from 'react';
import styled from 'styled-components';
import {
  apiErrorMessage,
  Button,
  ErrorText,
  formatCampDate,
  FormField,
  notify,
  TextArea,
  TextInput,
} from '@sportify/shared-ui';
import { useClassMessagesHistoryQuery, useClassMessagesSendMutation } from '@sportify/shared-ui/endpoints/messages';

const SUBJECT_MAX = 150;
const MESSAGE_MAX = 5000;

export const familiesLabel = (n: number) => (n === 1 ? '1 family' : `${n} families`);

/**
 * Message families: the class's instructor (or an admin) writes to every family enrolled in it. The text is plain
 * text; React escapes it here as everywhere, and the API escapes it in the e-mail.
 */
export function MessageFamilies({ classId }: { classId: string }) {
  const [open, setOpen] = useState(false);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ subject?: string; message?: string }>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [send, { isLoading: sending }] = useClassMessagesSendMutation();
  const history = useClassMessagesHistoryQuery({ id: classId });

  const submit = async () => {
    const found = {
      ...(subject.trim() ? {} : { subject: 'Subject is required' }),
      ...(subject.trim().length > SUBJECT_MAX ? { subject: `Subject must be at most ${SUBJECT_MAX} characters` } : {}),
      ...(message.trim() ? {} : { message: 'Message is required' }),
      ...(message.trim().length > MESSAGE_MAX ? { message: `Message must be at most ${MESSAGE_MAX} characters` } : {}),
    };
    setErrors(found);
    setRefusal(null);
    if (Object.keys(found).length) return;
    try {
      const sent = await send({ id: classId, sendMessageDto: { subject, message } }).unwrap();
      void notify.notice(`Message sent to ${familiesLabel(sent.recipients)}`);
      setSubject('');
      setMessage('');
      setOpen(false);
    } catch (error) {
      setRefusal(apiErrorMessage(error, 'The message could not be sent. Please try again.'));
    }
  };

  return (
    <section aria-labelledby="messages-heading">
      <Head>
        <h2 id="messages-heading">Messages to families</h2>
        {!open && (
          <Button type="button" onClick={() => setOpen(true)}>
            Message families
          </Button>
        )}
      </Head>
      {open && (
        <Form
          aria-label="Message families"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <FormField label="Subject" error={errors.subject}>
            <TextInput value={subject} maxLength={SUBJECT_MAX} onChange={(e) => setSubject(e.target.value)} />
          </FormField>
          <FormField label="Message" error={errors.message}>
            <TextArea value={message} maxLength={MESSAGE_MAX} onChange={(e) => setMessage(e.target.value)} />
          </FormField>
          {refusal && <ErrorText role="alert">{refusal}</ErrorText>}
          <Actions>
            <Button type="submit" disabled={sending}>
              Send
            </Button>
            <Button type="button" $variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </Actions>
        </Form>
      )}
      {history.data && history.data.items.length > 0 && (
        <History aria-label="Messages sent">
          {history.data.items.map((m) => (
            <li key={m._id}>
              <strong>{m.subject}</strong>
              <Meta>
                {formatCampDate(m.sentAt)}, by {m.senderName}, to {familiesLabel(m.recipients)}
              </Meta>
              <Body>{m.body}</Body>
            </li>
          ))}
        </History>
      )}
    </section>
  );
}

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
`;

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 760px;
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
`;

const History = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 760px;
  padding: 0;
  list-style: none;
`;

const Meta = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.9rem;
`;

const Body = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;
