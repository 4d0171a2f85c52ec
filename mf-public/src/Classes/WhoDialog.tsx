import { useId, useState } from 'react';
import styled from 'styled-components';
import { apiErrorMessage, Button, ErrorText, type PublicClass } from '@sportify/shared-ui';
import { Dialog } from '@sportify/shared-ui/dialog';
import type { AgeRange } from '@sportify/platform/ages';
import { choicesFor, type TakenTables } from './choices';
import type { CamperChoice } from './classesArgs';

export interface WhoDialogProps {
  item: PublicClass & AgeRange;
  campers: readonly CamperChoice[];
  taken: TakenTables;
  /** The button that confirms: 'Select', or 'Join waitlist'. */
  actionLabel: string;
  /** Makes the call; a rejection's API message is shown in the dialog, which stays open. */
  onChoose: (camperId: string | null) => Promise<void>;
  onClose: () => void;
}

/**
 * 'Who is this class for?': a modal with one radio per camper plus Myself. A choice the class does not admit is
 * disabled with its reason beside it; the API still decides. Escape or Cancel closes; focus returns on close.
 */
export default function WhoDialog({ item, campers, taken, actionLabel, onChoose, onClose }: WhoDialogProps) {
  const choices = choicesFor(item, campers, taken);
  const titleId = useId();
  const classId = useId();
  const name = useId();
  const firstOpen = choices.find((c) => !c.reason);
  const [chosen, setChosen] = useState<string | null | undefined>(firstOpen ? firstOpen.camperId : undefined);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (chosen === undefined) return;
    setBusy(true);
    setRefusal(null);
    try {
      await onChoose(chosen);
    } catch (error) {
      setRefusal(apiErrorMessage(error));
      setBusy(false);
    }
  };

  return (
    // onClose is stable (the page's useCallback): focus moves in once and goes back once.
    <Box labelledBy={titleId} describedBy={classId} onEscape={onClose}>
      <form onSubmit={(event) => void submit(event)}>
        <h2 id={titleId}>Who is this class for?</h2>
        <p id={classId}>{item.className}</p>
        <Choices aria-labelledby={titleId}>
          {choices.map((choice) => {
            const value = choice.camperId ?? '';
            const reasonId = `${name}-${value || 'self'}-reason`;
            return (
              <Choice key={value || 'self'} $disabled={Boolean(choice.reason)}>
                <label>
                  <input
                    type="radio"
                    name={name}
                    value={value}
                    checked={chosen === choice.camperId}
                    disabled={Boolean(choice.reason) || busy}
                    aria-describedby={choice.reason ? reasonId : undefined}
                    onChange={() => setChosen(choice.camperId)}
                  />
                  {choice.label}
                </label>
                {choice.reason && <Reason id={reasonId}>{choice.reason}</Reason>}
              </Choice>
            );
          })}
        </Choices>
        {refusal && <ErrorText role="alert">{refusal}</ErrorText>}
        <Actions>
          <Button type="submit" disabled={chosen === undefined || busy} aria-busy={busy || undefined}>
            {actionLabel}
          </Button>
          <Button type="button" $variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </Actions>
      </form>
    </Box>
  );
}

const Box = styled(Dialog)`
  h2 {
    margin: 0;
  }
  p {
    margin: ${({ theme }) => `${theme.space(1)} 0 ${theme.space(4)}`};
    color: ${({ theme }) => theme.colors.muted};
  }
`;

const Choices = styled.div.attrs({ role: 'radiogroup' })`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const Choice = styled.div<{ $disabled: boolean }>`
  padding: ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  label {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    font-weight: 600;
    cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
  }
  input {
    width: 1.1rem;
    height: 1.1rem;
  }
`;

const Reason = styled.span`
  display: block;
  margin-left: 1.6rem;
  color: ${({ theme }) => theme.colors.muted};
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(4)};
`;
