import { type FocusEvent, type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';

/**
 * A button that shows and hides a small panel (the disclosure pattern): a click elsewhere or focus
 * moving out closes it; Escape closes it and returns focus to the button. Spread `rootProps` on the
 * element holding both, `buttonProps` on the button and `panelProps` on the panel.
 */
export function useDisclosure<R extends HTMLElement = HTMLDivElement>() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<R>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);
  const toggle = useCallback(() => setOpen((o) => !o), []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) close(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open, close]);

  const rootProps = {
    ref: rootRef,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Escape' && open) {
        event.stopPropagation();
        close(true);
      }
    },
    onBlur: (event: FocusEvent) => {
      if (open && event.relatedTarget instanceof Node && !rootRef.current?.contains(event.relatedTarget)) {
        close(false);
      }
    },
  };

  const buttonProps = { ref: buttonRef, 'aria-expanded': open, 'aria-controls': panelId, onClick: toggle };
  const panelProps = { id: panelId, hidden: !open };

  return { open, toggle, close, buttonRef, rootProps, buttonProps, panelProps };
}
