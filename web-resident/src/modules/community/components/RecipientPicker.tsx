import { CONVERSATION_PARTICIPANTS_MAX, type Recipient } from '@porta/contracts';
import { type RefObject, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField, TextField } from '../../../shared/ui/fields';
import { useListOf } from '../hooks/use-names';

/** Does a recipient match what was typed (their first name or one of their apartments). */
function matches(recipient: Recipient, needle: string): boolean {
  return [recipient.firstName, ...recipient.apartments].some((text) =>
    text.toLocaleLowerCase().includes(needle),
  );
}

/**
 * Whom a private message goes to (02 §6): the neighbours one may message, each a checkbox (name and
 * apartments), narrowed by a search; who is chosen is said below (also when the search hides
 * them). At least one is required (`showError` once a send was tried without), at most 50.
 */
export function RecipientPicker({
  recipients,
  chosen,
  onChange,
  showError,
  groupRef,
}: {
  recipients: readonly Recipient[];
  chosen: readonly string[];
  onChange(chosen: string[]): void;
  showError: boolean;
  /** The group (its first checkbox takes focus when none is chosen). */
  groupRef: RefObject<HTMLFieldSetElement | null>;
}) {
  const { t } = useTranslation('community');
  const listOf = useListOf();
  const [search, setSearch] = useState('');
  const id = useId();
  const needle = search.trim().toLocaleLowerCase();
  const shown = needle ? recipients.filter((r) => matches(r, needle)) : recipients;
  const chosenNames = recipients.filter((r) => chosen.includes(r.id)).map((r) => r.firstName);
  const full = chosen.length >= CONVERSATION_PARTICIPANTS_MAX;

  return (
    <fieldset
      ref={groupRef}
      className={showError ? 'field field--invalid recipient-picker' : 'field recipient-picker'}
      aria-describedby={showError ? `${id}-hint ${id}-error` : `${id}-hint`}
    >
      <legend className="field__label">
        {t('private.recipients')}
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      <p id={`${id}-hint`} className="field__hint">
        {t('private.recipientsHint')}
      </p>
      <TextField label={t('private.search')} value={search} onChange={setSearch} />
      {shown.length === 0 ? (
        <p className="muted">{t('private.noMatches')}</p>
      ) : (
        <ul className="recipient-picker__list">
          {shown.map((recipient) => {
            const checked = chosen.includes(recipient.id);
            return (
              <li key={recipient.id}>
                <CheckboxField
                  label={
                    recipient.apartments.length > 0
                      ? t('private.recipient', {
                          name: recipient.firstName,
                          apartments: recipient.apartments.join(', '),
                        })
                      : recipient.firstName
                  }
                  checked={checked}
                  disabled={full && !checked}
                  onChange={(on) =>
                    onChange(on ? [...chosen, recipient.id] : chosen.filter((c) => c !== recipient.id))
                  }
                />
              </li>
            );
          })}
        </ul>
      )}
      <p className="recipient-picker__chosen" aria-live="polite">
        {chosenNames.length > 0
          ? t('private.chosen', { names: listOf(chosenNames) })
          : t('private.noneChosen')}
      </p>
      {full && (
        <p className="field__hint">{t('private.recipientsMax', { max: CONVERSATION_PARTICIPANTS_MAX })}</p>
      )}
      {showError && (
        <p id={`${id}-error`} className="field__error">
          {t('private.recipientsRequired')}
        </p>
      )}
    </fieldset>
  );
}
