import { useState } from 'react';
import styled from 'styled-components';
import { apiMessage, Button, notify } from '@sportify/shared-ui';
import type { Place } from './classesArgs';
import { useWaitlistJoinMutation, useWaitlistLeaveMutation } from '@sportify/shared-ui/endpoints/waitlist';

export interface WaitlistControlsProps {
  classId: string;
  className: string;
  /** The account's places on this class's list: its own and its campers' (one each at most). */
  places: Place[];
  /** Set for a family: Join waitlist asks who the class is for instead of joining for the account holder. */
  askWho?: () => void;
}

/**
 * A full class's waitlist for a signed-in student: Join waitlist, and each place in the queue with Leave waitlist.
 * A place offered a held seat shows in My Selected Classes instead (the card shows it as Selected).
 */
export function WaitlistControls({ classId, className, places, askWho }: WaitlistControlsProps) {
  const [join] = useWaitlistJoinMutation();
  const [leave] = useWaitlistLeaveMutation();
  const [busy, setBusy] = useState(false);
  const waiting = places.filter((p) => p.state !== 'offered');
  const offered = places.some((p) => p.state === 'offered');
  // Without campers the account holder is the only one who can join; with them, the dialog says who still can.
  const canJoin = askWho ? true : waiting.length === 0 && !offered;

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

  if (!waiting.length && !canJoin) return null;
  return (
    <Box>
      {waiting.map((place) => (
        <Place key={place.camperId ?? 'self'}>
          <Position>
            {place.camperId
              ? `${place.camperName ?? 'Your camper'} is #${place.position} on the waitlist`
              : `You are #${place.position} on the waitlist`}
          </Position>
          <Button
            type="button"
            $variant="secondary"
            disabled={busy}
            aria-busy={busy || undefined}
            aria-label={place.camperId ? `Leave waitlist for ${place.camperName ?? 'your camper'}` : undefined}
            onClick={() =>
              void act(
                () => leave({ classId, ...(place.camperId ? { camperId: place.camperId } : {}) }).unwrap(),
                'You left the waitlist',
                `You could not leave the waitlist of ${className}. Please try again.`,
              )
            }
          >
            Leave waitlist
          </Button>
        </Place>
      ))}
      {canJoin && (
        <Button
          type="button"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() =>
            askWho
              ? askWho()
              : void act(
                  () => join({ classId, waitlistWhoDto: {} }).unwrap(),
                  'You joined the waitlist',
                  `You could not join the waitlist of ${className}. Please try again.`,
                )
          }
        >
          Join waitlist
        </Button>
      )}
    </Box>
  );
}

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(2)};
`;

const Place = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;

const Position = styled.p`
  margin: 0;
  font-weight: 600;
`;
