import { useEffect, useId, useRef } from 'react';
import styled from 'styled-components';
import { Button } from '@sportify/shared-ui';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 100;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space(4)};
  background: rgba(15, 23, 42, 0.45);
`;

const Box = styled.div`
  width: min(420px, 100%);
  padding: ${({ theme }) => theme.space(6)};
  text-align: center;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow};
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
 * Modal confirmation (role="alertdialog", labelled by its title and text). Focus moves to the confirm button;
 * Escape cancels; focus returns to where it was on close.
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
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const previous = document.activeElement as HTMLElement | null;
    confirmRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') (onCancel ?? onConfirm)();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [open, onCancel, onConfirm]);

  if (!open) return null;
  return (
    <Backdrop>
      <Box role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={textId}>
        <h2 id={titleId}>{title}</h2>
        <p id={textId}>{text}</p>
        <Actions>
          <Button ref={confirmRef} type="button" $variant={tone} onClick={onConfirm}>
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
      </Box>
    </Backdrop>
  );
}
