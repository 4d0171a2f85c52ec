import { useState } from 'react';
import { Link, useLocation, useParams } from '@sportify/shared-ui/router';
import styled from 'styled-components';
import {
  apiStatus,
  Button,
  ErrorText,
  FormCard,
  FormField,
  notify,
  PageHeading,
  TextArea,
  useForm,
} from '@sportify/shared-ui';
import { useClassesFeedbackMutation } from '@sportify/shared-ui/endpoints/classes';
import { routes } from '@sportify/platform/routes';

// Mirrors the API's ClassFeedbackDto bound.
const FEEDBACK_MAX = 2000;

type FeedbackValues = { feedback: string };

const validate = ({ feedback }: FeedbackValues) => (feedback.trim() ? {} : { feedback: 'Feedback is required' });

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

const About = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

/** Feedback (docs/product.md §2): the admin's note to the instructor about one class. */
export function FeedbackPage() {
  const { id = '' } = useParams();
  // Set by Manage Classes' FeedBack link; absent when the page is opened directly.
  const className = (useLocation().state as { className?: string } | null)?.className;
  const [sendFeedback] = useClassesFeedbackMutation();
  const form = useForm<FeedbackValues>({ feedback: '' }, validate);
  const [sendError, setSendError] = useState<string | null>(null);

  const submit = form.handleSubmit(async ({ feedback }) => {
    setSendError(null);
    try {
      await sendFeedback({ id, classFeedbackDto: { feedback: feedback.trim() } }).unwrap();
      // docs/product.md §4: after it is sent the form is cleared.
      form.reset();
      notify.notice('Your feedback is successfully send');
    } catch (error) {
      const notFound = apiStatus(error) === 404;
      setSendError(notFound ? 'This class no longer exists.' : 'Your feedback could not be sent. Please try again.');
    }
  });

  return (
    <section aria-labelledby="feedback-heading">
      <PageHeading id="feedback-heading">Feedback</PageHeading>
      <FormCard onSubmit={submit} noValidate aria-busy={form.submitting}>
        {className && (
          <About>
            For the class <strong>{className}</strong>
          </About>
        )}
        <FormField label="Your Feedback" error={form.errors.feedback}>
          <TextArea {...form.field('feedback')} maxLength={FEEDBACK_MAX} rows={6} />
        </FormField>
        <Footer>
          <Link to={routes.allClasses}>Back to Manage Classes</Link>
          <Button type="submit" disabled={form.submitting}>
            Submit
          </Button>
        </Footer>
        {sendError && <ErrorText role="alert">{sendError}</ErrorText>}
      </FormCard>
    </section>
  );
}
