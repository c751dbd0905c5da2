import type { ServiceRequestFilter } from '@porta/contracts';
import { type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The tabs in their order on screen. */
const TABS: readonly ServiceRequestFilter[] = ['all', 'pending', 'closed', 'public'];

export const tabId = (base: string, filter: ServiceRequestFilter) => `${base}-tab-${filter}`;

/**
 * The list's filter tabs (all, pending, closed, public): a tab list whose selected tab shows in the
 * panel `panelId`. Arrow keys, Home and End move between the tabs and choose the one reached; only
 * the selected tab is in the tab order.
 */
export function FilterTabs({
  idBase,
  panelId,
  value,
  onChange,
}: {
  idBase: string;
  panelId: string;
  value: ServiceRequestFilter;
  onChange(filter: ServiceRequestFilter): void;
}) {
  const { t } = useTranslation('serviceRequests');
  const refs = useRef(new Map<ServiceRequestFilter, HTMLButtonElement>());
  const choose = (filter: ServiceRequestFilter) => {
    refs.current.get(filter)?.focus();
    if (filter !== value) onChange(filter);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.indexOf(value);
    const last = TABS.length - 1;
    const to =
      event.key === 'ArrowRight'
        ? (index + 1) % (last + 1)
        : event.key === 'ArrowLeft'
          ? (index + last) % (last + 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (to === null) return;
    event.preventDefault();
    choose(TABS[to]!);
  };
  return (
    <div className="tabs" role="tablist" aria-label={t('list.filters')} onKeyDown={onKeyDown}>
      {TABS.map((filter) => {
        const selected = filter === value;
        return (
          <button
            key={filter}
            ref={(element) => {
              if (element) refs.current.set(filter, element);
              else refs.current.delete(filter);
            }}
            id={tabId(idBase, filter)}
            type="button"
            role="tab"
            className={selected ? 'tabs__tab tabs__tab--selected' : 'tabs__tab'}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => choose(filter)}
          >
            {t(`list.filter.${filter}`)}
          </button>
        );
      })}
    </div>
  );
}
