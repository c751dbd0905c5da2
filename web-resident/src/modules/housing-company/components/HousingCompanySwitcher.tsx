import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorText } from '../../errors/hooks/use-error-text';
import { housingCompanyName } from '../../identity';
import { useCurrentUser } from '../../startup';
import { useSwitchHousingCompany } from '../hooks/use-switch-housing-company';
import {
  canSwitchHousingCompany,
  defaultApartmentId,
  matchesHousingCompanySearch,
  showsHousingCompanySearch,
} from '../utils/switch';

export const CHANGE_HOUSING_COMPANY_PATH = '/change-housing-company';

/**
 * The housing company in the header (01 §4 'Housing-company switch'). With more than one company,
 * or an apartment to choose, it is a disclosure: the user's companies (in the API's order, demo
 * first), a search box above 10 of them (by name or street, 01 §5), the apartments of the chosen
 * company and a 'Change' button. A change stores the selection, then goes through
 * /change-housing-company to the front page; a failure closes the dropdown, clears the search and
 * says so (01 §8). Escape or a click elsewhere closes it; Escape returns focus to the button.
 */
export function HousingCompanySwitcher() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { me, housingCompany } = useCurrentUser();
  const switcher = useSwitchHousingCompany();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [pickedHcId, setPickedHcId] = useState<string | null>(housingCompany?.id ?? null);
  const [pickedAptId, setPickedAptId] = useState<string | null>(me.selectedApartmentId);
  const [failure, setFailure] = useState<unknown>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const baseId = useId();

  const currentName = housingCompany ? housingCompanyName(housingCompany, me.user) : null;

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    setSearch('');
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) close(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open, close]);

  if (!canSwitchHousingCompany(me)) {
    return currentName ? (
      <p className="site-header__housing-company">
        <span className="visually-hidden">{t('header.housingCompany')}: </span>
        <span>{currentName}</span>
      </p>
    ) : null;
  }

  const toggle = () => {
    if (open) {
      close(false);
      return;
    }
    // Every opening starts from the current selection.
    setPickedHcId(housingCompany?.id ?? me.hcs[0]?.id ?? null);
    setPickedAptId(defaultApartmentId(housingCompany ?? me.hcs[0], me));
    setFailure(null);
    setOpen(true);
  };

  const pickHousingCompany = (id: string) => {
    setPickedHcId(id);
    setPickedAptId(
      defaultApartmentId(
        me.hcs.find((hc) => hc.id === id),
        me,
      ),
    );
  };

  const withSearch = showsHousingCompanySearch(me.hcs.length);
  const shown = withSearch ? me.hcs.filter((hc) => matchesHousingCompanySearch(hc, search, me.user)) : me.hcs;
  const picked = me.hcs.find((hc) => hc.id === pickedHcId);
  const unchanged = picked?.id === me.selectedHousingCompanyId && pickedAptId === me.selectedApartmentId;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!picked || switcher.isPending) return;
    setFailure(null);
    switcher.mutate(
      { housingCompanyId: picked.id, apartmentId: pickedAptId },
      {
        onSuccess: () => {
          close(false);
          navigate(CHANGE_HOUSING_COMPANY_PATH);
        },
        onError: (error) => {
          setFailure(error);
          close(true);
        },
      },
    );
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape handling for the disclosure as a whole
    <div
      ref={rootRef}
      className="hc-switcher"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close(true);
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="hc-switcher__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        aria-label={t('housingCompanySwitch.button', { name: currentName ?? t('housingCompanySwitch.none') })}
      >
        <span className="hc-switcher__name">{currentName ?? t('housingCompanySwitch.none')}</span>
        <span className="hc-switcher__chevron" aria-hidden="true" />
      </button>
      {failure !== null && !open && (
        <p className="hc-switcher__error" role="alert">
          {t('housingCompanySwitch.failed')} {errorText(failure)}
        </p>
      )}
      <div id={panelId} className="hc-switcher__panel" hidden={!open}>
        {open && (
          <form onSubmit={submit}>
            {withSearch && (
              <div className="field">
                <label className="field__label" htmlFor={`${baseId}-search`}>
                  {t('housingCompanySwitch.search')}
                </label>
                <input
                  id={`${baseId}-search`}
                  className="field__input"
                  type="search"
                  autoComplete="off"
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                />
              </div>
            )}
            <fieldset className="hc-switcher__companies">
              <legend className="field__label">{t('housingCompanySwitch.companies')}</legend>
              {shown.length === 0 ? (
                <p className="empty-state">{t('housingCompanySwitch.noResults')}</p>
              ) : (
                <ul className="hc-switcher__list">
                  {shown.map((hc) => {
                    const detailId = `${baseId}-${hc.id}-detail`;
                    const detail = [hc.addressStreet, hc.addressCity].filter(Boolean).join(', ');
                    return (
                      <li key={hc.id}>
                        <label className="hc-switcher__option">
                          <input
                            type="radio"
                            name={`${baseId}-hc`}
                            value={hc.id}
                            checked={hc.id === pickedHcId}
                            onChange={() => pickHousingCompany(hc.id)}
                            aria-describedby={detail ? detailId : undefined}
                          />
                          <span>{housingCompanyName(hc, me.user)}</span>
                        </label>
                        {detail && (
                          <span id={detailId} className="muted hc-switcher__detail">
                            {detail}
                          </span>
                        )}
                      </li>
                    );
                  })}
                </ul>
              )}
            </fieldset>
            {picked && picked.apts.length > 1 && (
              <div className="field">
                <label className="field__label" htmlFor={`${baseId}-apartment`}>
                  {t('housingCompanySwitch.apartment')}
                </label>
                <select
                  id={`${baseId}-apartment`}
                  className="field__input"
                  value={pickedAptId ?? ''}
                  onChange={(event) => setPickedAptId(event.target.value || null)}
                >
                  {picked.apts.map((apt) => (
                    <option key={apt.id} value={apt.id}>
                      {apt.externalName ?? apt.no}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <button
              type="submit"
              className="button button--primary"
              disabled={!picked || unchanged || switcher.isPending}
              aria-busy={switcher.isPending || undefined}
            >
              {t('housingCompanySwitch.change')}
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
