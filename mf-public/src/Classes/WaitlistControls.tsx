import { useState } from 'react';
import styled from 'styled-components';
import { apiMessage, Button, notify, type WaitlistPlace } from '@sportify/shared-ui';
import { useJoinWaitlistMutation, useLeaveWaitlistMutation } from './classesApi';

export interface WaitlistControlsProps {
  classId: string;
  className: string;
  /** The student's place on this class's list, if any. */
  place?: WaitlistPlace;
}

/**
 * A full class's waitlist for a signed-in student: Join waitlist, or their number in the queue and Leave waitlist.
 * A student offered a held seat sees it in My Selected Classes instead (the card shows it as Selected).
 */
export function WaitlistControls({ classId, className, place }: WaitlistControlsProps) {
  const [join] = useJoinWaitlistMutation();
  const [leave] = useLeaveWaitlistMutation();
  const [busy, setBusy] = useState(false);
  if (place?.state === 'offered') return null;

  const act = async (call: () => Promise<unknown>, done: string, failed: string) => {
    setBusy(true);
    try {
      await call();
      void notify.notice(done);
    } catch (error) {
      void notify.error(apiMessage(error) ?? failed);
    } finally {
      setBusy(false);
    }
  };

  if (place)
    return (
      <Box>
        <Position>You are #{place.position} on the waitlist</Position>
        <Button
          type="button"
          $variant="secondary"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() =>
            void act(
              () => leave(classId).unwrap(),
              'You left the waitlist',
              `You could not leave the waitlist of ${className}. Please try again.`,
            )
          }
        >
          Leave waitlist
        </Button>
      </Box>
    );
  return (
    <Box>
      <Button
        type="button"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() =>
          void act(
            () => join(classId).unwrap(),
            'You joined the waitlist',
            `You could not join the waitlist of ${className}. Please try again.`,
          )
        }
      >
        Join waitlist
      </Button>
    </Box>
  );
}

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(2)};
`;

const Position = styled.p`
  margin: 0;
  font-weight: 600;
`;
