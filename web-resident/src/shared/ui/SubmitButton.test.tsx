import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SubmitButton } from './fields';

describe('SubmitButton', () => {
  it('refuses clicks while busy, showing the busy label when given and the label otherwise', () => {
    const { rerender } = render(<SubmitButton busy={false} label="Save" busyLabel="Saving…" />);
    const button = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(button.type).toBe('submit');
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-busy')).toBeNull();
    rerender(<SubmitButton busy label="Save" busyLabel="Saving…" />);
    expect(button.textContent).toBe('Saving…');
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    rerender(<SubmitButton busy label="Save" />);
    expect(button.textContent).toBe('Save');
  });

  it('spans the form only when asked to', () => {
    const { rerender } = render(<SubmitButton busy={false} label="Save" />);
    expect(screen.getByRole('button').className).toBe('button button--primary');
    rerender(<SubmitButton busy={false} label="Save" block />);
    expect(screen.getByRole('button').className).toBe('button button--primary button--block');
  });
});
