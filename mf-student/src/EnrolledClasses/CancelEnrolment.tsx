import { useState } from 'react';
import { apiErrorMessage, Button, formatCampDate, notify } from '@sportify/shared-ui';
import { ConfirmDialog } from '@sportify/shared-ui/dialog';
import { forSuffix, type ForWhom } from '../common/forWhom';
import { usePaymentsCancelMutation } from '@sportify/shared-ui/endpoints/payments';
import type { EnrolledItem } from './enrolledApi';
import { dollarsAfter } from '@sportify/platform/money';

/**
 * Cancel enrolment for one row, with its confirmation. After the cutoff (the API's `cancelUntil`) the button is
 * disabled with the reason in its title; the API refuses a late cancellation anyway.
 */
export function CancelEnrolment({ item, now: givenNow }: { item: EnrolledItem & ForWhom; now?: number }) {
  const [cancel, { isLoading }] = usePaymentsCancelMutation();
  const [asking, setAsking] = useState(false);
  // Read once per row: the cutoff is hours away from any render, and a steady value keeps renders pure.
  const [now] = useState(() => givenNow ?? Date.now());
  const closed = item.cancelUntil !== undefined && Date.parse(item.cancelUntil) <= now;

  const confirm = async (refundTo: 'card' | 'credit') => {
    setAsking(false);
    try {
      const done = await cancel({ id: item._id, cancelEnrolmentDto: { refundTo } }).unwrap();
      void notify.notice(
        done.refundTo === 'credit'
          ? `Your enrolment is cancelled and ${dollarsAfter(done.credit)} is kept as credit`
          : `Your enrolment is cancelled and ${dollarsAfter(done.refund)} will be refunded`,
      );
    } catch (err) {
      void notify.error(apiErrorMessage(err, `Your enrolment in ${item.className} could not be cancelled.`));
    }
  };

  return (
    <>
      <Button
        type="button"
        $variant="danger"
        disabled={closed || isLoading}
        aria-busy={isLoading || undefined}
        aria-label={`Cancel enrolment in ${item.className}${forSuffix(item)}`}
        title={
          closed
            ? `Cancellations closed on ${formatCampDate(item.cancelUntil)}, ${
                item.startDate ? 'shortly before the class starts' : 'at the end of the window after payment'
              }`
            : undefined
        }
        onClick={() => setAsking(true)}
      >
        Cancel enrolment
      </Button>
      <ConfirmDialog
        open={asking}
        title={`Cancel your place in ${item.className}?`}
        text={`${item.camperName ? `${item.camperName}'s place. ` : ''}What you paid goes back to your card, or is kept as credit for a later class.`}
        confirmLabel="Refund to card"
        otherLabel="Keep as credit"
        cancelLabel="No, keep it"
        tone="danger"
        onConfirm={() => void confirm('card')}
        onOther={() => void confirm('credit')}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
