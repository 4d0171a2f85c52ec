import { useEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';

export interface DialogProps {
  /** 'alertdialog' for a confirmation that interrupts (its text is the message), 'dialog' for a form. */
  role?: 'dialog' | 'alertdialog';
  /** Ids of the element naming the dialog (its heading) and of the one describing it. */
  labelledBy: string;
  describedBy?: string;
  /** Escape: the dialog's cancel. */
  onEscape: () => void;
  /** The box's width on wide screens (it never exceeds the viewport). */
  width?: string;
  /** Styles of the box's content (styled(Dialog)). */
  className?: string;
  children: ReactNode;
}

/**
 * The site's modal: a backdrop over the page and a box labelled by its heading. On open, focus moves to the first
 * enabled control in it; Escape calls `onEscape`; on close, focus goes back to where it was.
 */
export function Dialog({
  role = 'dialog',
  labelledBy,
  describedBy,
  onEscape,
  width = '440px',
  className,
  children,
}: DialogProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    box.current?.querySelector<HTMLElement>('input:not(:disabled), button:not(:disabled)')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onEscape();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
    // onEscape is the caller's stable callback: focus moves in once and goes back once.
  }, [onEscape]);

  return (
    <Backdrop>
      <Box
        ref={box}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        className={className}
        $width={width}
      >
        {children}
      </Box>
    </Backdrop>
  );
}

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 100;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space(4)};
  background: rgba(15, 23, 42, 0.45);
`;

const Box = styled.div<{ $width: string }>`
  width: min(${({ $width }) => $width}, 100%);
  max-height: 100%;
  overflow: auto;
  padding: ${({ theme }) => theme.space(6)};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow};
`;
