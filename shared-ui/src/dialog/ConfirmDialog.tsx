import { useId } from 'react';
import styled from 'styled-components';
import { Button } from '@sportify/shared-ui';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  /** Omit for a message with a single button (e.g. 'Removed!'). */
  cancelLabel?: string;
  /** 'danger' for destructive confirmations. */
  tone?: 'primary' | 'danger';
  onConfirm: () => void;
  onCancel?: () => void;
  /** A second way to confirm (e.g. 'Keep as credit' beside 'Refund to card'). */
  otherLabel?: string;
  onOther?: () => void;
}

/**
 * A confirmation (role="alertdialog", named by its title and described by its text): focus on the confirm button,
 * Escape cancels (or, with a single button, confirms).
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel,
  tone = 'primary',
  onConfirm,
  onCancel,
  otherLabel,
  onOther,
}: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  if (!open) return null;
  return (
    <Confirm
      role="alertdialog"
      labelledBy={titleId}
      describedBy={textId}
      onEscape={onCancel ?? onConfirm}
      width="420px"
    >
      <h2 id={titleId}>{title}</h2>
      <p id={textId}>{text}</p>
      <Actions>
        <Button type="button" $variant={tone} onClick={onConfirm}>
          {confirmLabel}
        </Button>
        {otherLabel && onOther && (
          <Button type="button" $variant="secondary" onClick={onOther}>
            {otherLabel}
          </Button>
        )}
        {cancelLabel && onCancel && (
          <Button type="button" $variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
        )}
      </Actions>
    </Confirm>
  );
}

const Confirm = styled(Dialog)`
  text-align: center;
  h2 {
    margin-top: 0;
  }
`;

const Actions = styled.div`
  display: flex;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(4)};
`;
