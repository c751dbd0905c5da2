import { type ReactNode, type RefObject, useId } from 'react';

interface FieldShellProps {
  id: string;
  label: string;
  required?: boolean;
  error?: string | undefined;
  hint?: string | undefined;
  children: ReactNode;
}

/**
 * Label, required mark, control, hint and error of one form field (01 §5: the validator's message
 * shows under the field; required fields carry a *). The mark sits beside, not inside, the label, so
 * that the control's accessible name is exactly its label.
 */
function FieldShell({ id, label, required, error, hint, children }: FieldShellProps) {
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <div className="field__label-row">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {required && (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        )}
      </div>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export interface TextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'email' | 'password' | 'tel';
  name?: string;
  autoComplete?: string;
  required?: boolean;
  error?: string | undefined;
  hint?: string | undefined;
  disabled?: boolean;
  inputRef?: RefObject<HTMLInputElement | null>;
  multiline?: boolean;
  /** Rows of a multiline field (6 when not given). */
  rows?: number;
  textareaRef?: RefObject<HTMLTextAreaElement | null>;
  maxLength?: number;
  placeholder?: string;
}

export function TextField({
  label,
  value,
  onChange,
  type = 'text',
  name,
  autoComplete,
  required,
  error,
  hint,
  disabled,
  inputRef,
  multiline,
  rows = 6,
  textareaRef,
  maxLength,
  placeholder,
}: TextFieldProps) {
  const id = useId();
  const common = {
    id,
    name,
    className: 'field__input',
    required,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, error, hint),
    value,
    maxLength,
    placeholder,
  };
  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint}>
      {multiline ? (
        <textarea {...common} ref={textareaRef} rows={rows} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          {...common}
          ref={inputRef}
          type={type}
          autoComplete={autoComplete}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FieldShell>
  );
}

export function SelectField({
  label,
  value,
  onChange,
  options,
  required,
  error,
  hint,
  disabled,
  selectRef,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  options: readonly { value: string; label: string }[];
  required?: boolean;
  error?: string | undefined;
  hint?: string | undefined;
  disabled?: boolean;
  selectRef?: RefObject<HTMLSelectElement | null>;
}) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint}>
      <select
        ref={selectRef}
        id={id}
        className="field__input"
        value={value}
        required={required}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function CheckboxField({
  label,
  checked,
  onChange,
  required,
  error,
  disabled,
  inputRef,
}: {
  label: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  required?: boolean;
  error?: string | undefined;
  disabled?: boolean;
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  const id = useId();
  return (
    <div className={error ? 'field field--check field--invalid' : 'field field--check'}>
      <div className="field__check-row">
        <input
          ref={inputRef}
          id={id}
          type="checkbox"
          checked={checked}
          required={required}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label htmlFor={id}>{label}</label>
        {required && (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

export function RadioGroupField<V extends string>({
  legend,
  name,
  value,
  onChange,
  options,
  disabled,
}: {
  legend: string;
  name: string;
  value: V;
  onChange(value: V): void;
  options: readonly { value: V; label: string }[];
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <fieldset className="field field--radios">
      <legend className="field__label">{legend}</legend>
      <div className="field__radios">
        {options.map((option) => (
          <label key={option.value} className="field__radio">
            <input
              type="radio"
              name={`${name}-${id}`}
              value={option.value}
              checked={value === option.value}
              disabled={disabled}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A labelled on/off switch (a checkbox announced as a switch). */
export function SwitchField({
  label,
  hint,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="setting-switch">
      <input
        id={id}
        className="setting-switch__input"
        type="checkbox"
        role="switch"
        checked={checked}
        aria-checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label className="setting-switch__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="setting-switch__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * A form's primary button, refusing clicks while the form is sent and showing `busyLabel` (when
 * given) meanwhile; `block` spans the width of the form.
 */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  block,
}: {
  busy: boolean;
  label: string;
  busyLabel?: string;
  block?: boolean;
}) {
  return (
    <button
      type="submit"
      className={block ? 'button button--primary button--block' : 'button button--primary'}
      disabled={busy}
      aria-busy={busy || undefined}
    >
      {busy && busyLabel !== undefined ? busyLabel : label}
    </button>
  );
}
