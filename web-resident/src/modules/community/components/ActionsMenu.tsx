import { EllipsisIcon } from 'lucide-react';
import { useDisclosure } from '../../../shared/hooks/use-disclosure';

export type MenuAction =
  | { key: string; label: string; onSelect(): void; danger?: boolean }
  | { key: string; label: string; href: string; description?: string };

/**
 * The "…" menu of a discussion or comment: a button showing and hiding its actions (a disclosure;
 * Escape closes it and returns focus to the button). Choosing an action closes the menu first, so
 * that a dialog it opens gives focus back to the button when it closes.
 */
export function ActionsMenu({ label, actions }: { label: string; actions: readonly MenuAction[] }) {
  const { close, rootProps, buttonProps, panelProps } = useDisclosure();
  if (actions.length === 0) return null;
  return (
    <div className="actions-menu" {...rootProps}>
      <button type="button" className="icon-button actions-menu__button" aria-label={label} {...buttonProps}>
        <EllipsisIcon aria-hidden="true" focusable="false" size={20} />
      </button>
      <ul className="actions-menu__list" {...panelProps}>
        {actions.map((action) => (
          <li key={action.key}>
            {'href' in action ? (
              <a
                className="actions-menu__item"
                href={action.href}
                title={action.description}
                onClick={() => close(false)}
              >
                {action.label}
              </a>
            ) : (
              <button
                type="button"
                className={
                  action.danger ? 'actions-menu__item actions-menu__item--danger' : 'actions-menu__item'
                }
                onClick={() => {
                  close(true);
                  action.onSelect();
                }}
              >
                {action.label}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What the reader may do with a discussion or comment (the service's flags). */
export interface Rights {
  isOwn: boolean;
  canEdit: boolean;
  canDelete: boolean;
  canBan: boolean;
}

/**
 * The menu of a discussion or comment from the reader's rights (01 §6, 02 §6): edit (when `edit`
 * is given: not while editing), delete, report (others' texts only), and ban (when `ban` is given
 * and allowed: a link to the staff app).
 */
export function rightsActions(
  rights: Rights,
  labels: { edit: string; delete: string; report: string },
  on: { edit?: () => void; delete(): void; report(): void },
  ban?: { label: string; href: string; description: string },
): MenuAction[] {
  const actions: MenuAction[] = [];
  if (rights.canEdit && on.edit) actions.push({ key: 'edit', label: labels.edit, onSelect: on.edit });
  if (rights.canDelete)
    actions.push({ key: 'delete', label: labels.delete, danger: true, onSelect: on.delete });
  if (!rights.isOwn) actions.push({ key: 'report', label: labels.report, onSelect: on.report });
  if (rights.canBan && ban) actions.push({ key: 'ban', ...ban });
  return actions;
}
