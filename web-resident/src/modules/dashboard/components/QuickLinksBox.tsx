import {
  availableQuickLinkModules,
  QUICK_LINKS_MAX,
  type QuickLink,
  type QuickLinkModuleId,
} from '@porta/contracts';
import {
  ArrowDownIcon,
  ArrowUpIcon,
  CalendarIcon,
  ChartColumnIcon,
  ContactIcon,
  FolderIcon,
  GripVerticalIcon,
  LinkIcon,
  type LucideIcon,
  MessageCircleIcon,
  PaletteIcon,
  RadioTowerIcon,
  ShieldIcon,
  ShoppingBagIcon,
  WrenchIcon,
  XIcon,
} from 'lucide-react';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Loader } from '../../../shared/ui/Loader';
import { useQuickLinks, useSaveQuickLinks } from '../../news';
import { useCurrentUser } from '../../startup';

/** The icon of each quick link's `icon` name (Lucide, docs/design-system.md); others get a link. */
const ICONS: Record<string, LucideIcon> = {
  folder: FolderIcon,
  shield: ShieldIcon,
  chart: ChartColumnIcon,
  sensor: RadioTowerIcon,
  contacts: ContactIcon,
  wrench: WrenchIcon,
  chat: MessageCircleIcon,
  shop: ShoppingBagIcon,
  calendar: CalendarIcon,
  palette: PaletteIcon,
};

function QuickLinkIcon({ name }: { name: string }) {
  const Icon = ICONS[name] ?? LinkIcon;
  return (
    <Icon className="quick-link__icon" data-icon={name} aria-hidden="true" focusable="false" size={22} />
  );
}

function sameOrder(a: readonly QuickLinkModuleId[], b: readonly QuickLinkModuleId[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

/** Moves the item at `from` to `to`. */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/**
 * The dashboard's quick links (01 §2–§5): the user's links to feature areas, at most QUICK_LINKS_MAX
 * (5) per housing company. In edit mode links are added (only modules the housing company offers
 * that are not there yet; the add buttons disappear at five), removed and reordered by dragging or
 * with the move buttons; Save appears once something changed and PUTs the links in their order.
 */
export function QuickLinksBox({ housingCompanyId }: { housingCompanyId: string }) {
  const { t } = useTranslation('news');
  const { t: tr } = useTranslation('resident');
  const { me, features } = useCurrentUser();
  // /me carries the links of the selected housing company: its dashboard asks for nothing more
  // (the modules that may be chosen follow from the features, as identity decides them).
  const carried = me.user.quickLinks?.projectId === housingCompanyId ? me.user.quickLinks.links : null;
  const query = useQuickLinks(carried === null);
  const save = useSaveQuickLinks();
  const [draft, setDraft] = useState<QuickLinkModuleId[] | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [saved, setSaved] = useState(false);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const dragFrom = useRef<number | null>(null);
  const boxRef = useRef<HTMLElement>(null);
  const focusAfter = useRef<string | null>(null);

  const links: readonly QuickLink[] = carried ?? query.data?.links ?? [];
  const available = query.data?.available ?? availableQuickLinkModules(Object.keys(features));
  const savedOrder = links.map((link) => link.moduleId);
  const editing = draft !== null;
  const dirty = draft !== null && !sameOrder(draft, savedOrder);
  const addable = draft ? available.filter((id) => !draft.includes(id)) : [];
  const label = (id: QuickLinkModuleId) => tr(`quickLinks.modules.${id}`);

  // After a change that removed the focused control, focus goes where `focusAfter` says.
  useEffect(() => {
    const selector = focusAfter.current;
    if (!selector) return;
    focusAfter.current = null;
    boxRef.current?.querySelector<HTMLElement>(selector)?.focus();
  });

  const startEditing = () => {
    save.reset();
    setSaved(false);
    setAnnouncement('');
    setDraft(savedOrder);
    focusAfter.current = '.quick-links__editor-intro';
  };

  const stopEditing = () => {
    setDraft(null);
    setDragOver(null);
    focusAfter.current = '.quick-links__edit';
  };

  const add = (id: QuickLinkModuleId) => {
    if (!draft) return;
    if (draft.includes(id) || draft.length >= QUICK_LINKS_MAX || !available.includes(id)) {
      console.warn(`Quick link ${id} was not added: already chosen, not offered or the list is full`);
      return;
    }
    const next = [...draft, id];
    setDraft(next);
    setAnnouncement(t('quickLinks.added', { label: label(id) }));
    if (next.length >= QUICK_LINKS_MAX) focusAfter.current = `[data-module="${id}"] .quick-links__remove`;
    else {
      const rest = available.filter((m) => !next.includes(m));
      focusAfter.current = rest.length
        ? `[data-add="${rest[0]}"]`
        : `[data-module="${id}"] .quick-links__remove`;
    }
  };

  const remove = (index: number) => {
    if (!draft) return;
    const id = draft[index];
    if (!id) return;
    const next = draft.filter((_, i) => i !== index);
    setDraft(next);
    setAnnouncement(t('quickLinks.removed', { label: label(id) }));
    const neighbour = next[index] ?? next[index - 1];
    focusAfter.current = neighbour
      ? `[data-module="${neighbour}"] .quick-links__remove`
      : '.quick-links__editor-intro';
  };

  const move = (from: number, to: number) => {
    if (!draft || to < 0 || to >= draft.length || from === to) return;
    const id = draft[from];
    if (!id) return;
    setDraft(moved(draft, from, to));
    setAnnouncement(t('quickLinks.moved', { label: label(id), position: to + 1, count: draft.length }));
  };

  const onSave = () => {
    if (!draft) return;
    save.mutate(
      { projectId: housingCompanyId, links: draft.map((moduleId) => ({ moduleId })) },
      {
        onSuccess: () => {
          setSaved(true);
          stopEditing();
        },
      },
    );
  };

  const onDragStart = (event: DragEvent<HTMLLIElement>, index: number) => {
    dragFrom.current = index;
    if (event.dataTransfer) {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', draft?.[index] ?? '');
    }
  };
  const onDragOver = (event: DragEvent<HTMLLIElement>, index: number) => {
    if (dragFrom.current === null) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
    setDragOver(index);
  };
  const onDrop = (event: DragEvent<HTMLLIElement>, index: number) => {
    event.preventDefault();
    if (dragFrom.current !== null) move(dragFrom.current, index);
    dragFrom.current = null;
    setDragOver(null);
  };
  const onDragEnd = () => {
    dragFrom.current = null;
    setDragOver(null);
  };

  return (
    <section ref={boxRef} className="card dashboard-box quick-links" aria-labelledby="quick-links-title">
      <div className="dashboard-box__header">
        <h2 id="quick-links-title" className="card__title">
          {t('quickLinks.title')}
        </h2>
        {!editing && !query.isLoading && (
          <button type="button" className="link-button quick-links__edit" onClick={startEditing}>
            {t('quickLinks.edit')}
          </button>
        )}
      </div>

      {saved && !editing && (
        <p className="alert alert--success" role="status">
          {t('quickLinks.saved')}
        </p>
      )}

      {query.isLoading ? (
        <Loader />
      ) : !draft ? (
        links.length > 0 ? (
          <ul className="quick-links__list">
            {links.map((link) => (
              <li key={link._id}>
                <Link className="quick-link" to={link.href}>
                  <QuickLinkIcon name={link.icon} />
                  <span>{label(link.moduleId)}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty-state quick-links__empty">
            {t('quickLinks.noLinks')}.{' '}
            <button type="button" className="link-button" onClick={startEditing}>
              {t('quickLinks.chooseFirst')}
            </button>
          </p>
        )
      ) : (
        <div className="quick-links__editor">
          <p className="muted quick-links__editor-intro" tabIndex={-1}>
            {t('quickLinks.editing', { max: QUICK_LINKS_MAX })}
          </p>
          {draft.length === 0 ? (
            <p className="empty-state">{t('quickLinks.noLinks')}</p>
          ) : (
            <ol className="quick-links__order" aria-label={t('quickLinks.title')}>
              {draft.map((id, index) => (
                <li
                  key={id}
                  data-module={id}
                  className={
                    dragOver === index ? 'quick-links__item quick-links__item--over' : 'quick-links__item'
                  }
                  draggable
                  onDragStart={(event) => onDragStart(event, index)}
                  onDragOver={(event) => onDragOver(event, index)}
                  onDragLeave={() => setDragOver((over) => (over === index ? null : over))}
                  onDrop={(event) => onDrop(event, index)}
                  onDragEnd={onDragEnd}
                >
                  <GripVerticalIcon
                    className="quick-links__handle"
                    aria-hidden="true"
                    focusable="false"
                    size={18}
                  />
                  <span className="quick-links__label">{label(id)}</span>
                  <span className="quick-links__actions">
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={t('quickLinks.moveUp', { label: label(id) })}
                      aria-disabled={index === 0 || undefined}
                      onClick={() => move(index, index - 1)}
                    >
                      <ArrowUpIcon aria-hidden="true" focusable="false" size={18} />
                    </button>
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={t('quickLinks.moveDown', { label: label(id) })}
                      aria-disabled={index === draft.length - 1 || undefined}
                      onClick={() => move(index, index + 1)}
                    >
                      <ArrowDownIcon aria-hidden="true" focusable="false" size={18} />
                    </button>
                    <button
                      type="button"
                      className="icon-button quick-links__remove"
                      aria-label={t('quickLinks.remove', { label: label(id) })}
                      onClick={() => remove(index)}
                    >
                      <XIcon aria-hidden="true" focusable="false" size={18} />
                    </button>
                  </span>
                </li>
              ))}
            </ol>
          )}

          {draft.length < QUICK_LINKS_MAX && addable.length > 0 && (
            <fieldset className="quick-links__add">
              <legend className="quick-links__add-title">{t('quickLinks.add')}</legend>
              <ul className="quick-links__add-list">
                {addable.map((id) => (
                  <li key={id}>
                    <button
                      type="button"
                      className="button button--secondary"
                      data-add={id}
                      aria-label={t('quickLinks.addModule', { label: label(id) })}
                      onClick={() => add(id)}
                    >
                      <span aria-hidden="true">+ </span>
                      {label(id)}
                    </button>
                  </li>
                ))}
              </ul>
            </fieldset>
          )}
          {draft.length >= QUICK_LINKS_MAX && (
            <p className="muted">{t('quickLinks.limitReached', { max: QUICK_LINKS_MAX })}</p>
          )}

          {save.isError && (
            <p className="alert alert--error" role="alert">
              {t('quickLinks.saveFailed')}
            </p>
          )}
          <div className="form__actions">
            <button type="button" className="button button--secondary" onClick={stopEditing}>
              {t('quickLinks.cancel')}
            </button>
            {dirty && (
              <button
                type="button"
                className="button button--primary"
                onClick={onSave}
                disabled={save.isPending}
                aria-busy={save.isPending || undefined}
              >
                {t('quickLinks.save')}
              </button>
            )}
          </div>
        </div>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
