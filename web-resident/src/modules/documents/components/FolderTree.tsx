import { ChevronRightIcon, FolderIcon, FolderOpenIcon } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FolderNode, type FolderTree as Tree, visibleNodes } from '../utils/folder-tree';

/**
 * The folders as a tree (the WAI-ARIA tree pattern): one stop in the Tab order, the arrow keys
 * move between the folders shown (Right opens a folder or goes into it, Left closes it or goes to
 * the folder above), Home and End go to the first and last, Enter or Space chooses. A click on a
 * folder chooses it, a click on its arrow opens or closes it. Each folder shows how many files it
 * holds (read out after its name).
 */
export function FolderTree({
  tree,
  selectedId,
  open,
  onToggle,
  onSelect,
}: {
  tree: Tree;
  selectedId: string | null;
  /** The folders shown open. */
  open: ReadonlySet<string>;
  onToggle(id: string, open: boolean): void;
  onSelect(id: string): void;
}) {
  const { t } = useTranslation('documents');
  const idBase = useId();
  const shown = visibleNodes(tree.roots, open);
  const [focusedId, setFocusedId] = useState<string | null>(selectedId);
  // The one folder reached by Tab: the focused one while it is shown, else the chosen, else the first.
  const isShown = (id: string | null) => id !== null && shown.some((n) => n.folder.id === id);
  const tabStop = isShown(focusedId)
    ? focusedId
    : isShown(selectedId)
      ? selectedId
      : (shown[0]?.folder.id ?? null);
  const itemId = (id: string) => `${idBase}-folder-${id}`;

  // Focus follows the keyboard's moves, once the folder moved to is in the page.
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current || !focusedId) return;
    moved.current = false;
    document.getElementById(itemId(focusedId))?.focus();
  });

  const moveTo = (node: FolderNode | undefined) => {
    if (!node) return;
    moved.current = true;
    setFocusedId(node.folder.id);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const index = shown.findIndex((n) => n.folder.id === tabStop);
    const node = shown[index];
    if (!node) return;
    const id = node.folder.id;
    const hasChildren = node.children.length > 0;
    const isOpen = open.has(id);
    switch (event.key) {
      case 'ArrowDown':
        moveTo(shown[index + 1]);
        break;
      case 'ArrowUp':
        moveTo(shown[index - 1]);
        break;
      case 'Home':
        moveTo(shown[0]);
        break;
      case 'End':
        moveTo(shown.at(-1));
        break;
      case 'ArrowRight':
        if (hasChildren && !isOpen) onToggle(id, true);
        else if (hasChildren) moveTo(node.children[0]);
        break;
      case 'ArrowLeft':
        if (hasChildren && isOpen) onToggle(id, false);
        else if (node.parentId) moveTo(tree.byId.get(node.parentId));
        break;
      case 'Enter':
      case ' ':
        onSelect(id);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const siblingsOf = (node: FolderNode) =>
    node.parentId ? (tree.byId.get(node.parentId)?.children ?? [node]) : tree.roots;

  /*
   * The shown folders as one flat list, each with its level, place among its siblings and state
   * (the tree pattern's flat form): a folder's name is its own row's text alone, not its children's.
   */
  const renderNode = (node: FolderNode) => {
    const { folder } = node;
    const hasChildren = node.children.length > 0;
    const isOpen = hasChildren && open.has(folder.id);
    const selected = folder.id === selectedId;
    const Icon = isOpen ? FolderOpenIcon : FolderIcon;
    return (
      <li
        key={folder.id}
        id={itemId(folder.id)}
        role="treeitem"
        className={selected ? 'folder-tree__item folder-tree__item--selected' : 'folder-tree__item'}
        aria-level={node.level}
        aria-setsize={siblingsOf(node).length}
        aria-posinset={siblingsOf(node).indexOf(node) + 1}
        aria-selected={selected}
        aria-expanded={hasChildren ? isOpen : undefined}
        tabIndex={folder.id === tabStop ? 0 : -1}
        onFocus={(event) => {
          if (event.target === event.currentTarget) setFocusedId(folder.id);
        }}
      >
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the tree takes the keys (onKeyDown on the tree) */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the treeitem around it is the control */}
        <div
          className="folder-tree__row"
          style={{ paddingInlineStart: `calc(${node.level - 1} * var(--space-4) + var(--space-1))` }}
          onClick={() => onSelect(folder.id)}
        >
          {hasChildren ? (
            // A mouse target only: Right and Left open and close by keyboard, the treeitem states it.
            <span
              className={isOpen ? 'folder-tree__toggle folder-tree__toggle--open' : 'folder-tree__toggle'}
              aria-hidden="true"
              onClick={(event) => {
                event.stopPropagation();
                onToggle(folder.id, !isOpen);
              }}
            >
              <ChevronRightIcon className="folder-tree__chevron" size={18} focusable="false" />
            </span>
          ) : (
            <span className="folder-tree__toggle folder-tree__toggle--none" aria-hidden="true" />
          )}
          <Icon className="folder-tree__icon" size={20} aria-hidden="true" focusable="false" />
          <span className="folder-tree__name">{folder.name}</span>
          <span className="visually-hidden">{t('folders.count', { count: folder.documentCount })}</span>
          <span className="folder-tree__count" aria-hidden="true">
            {folder.documentCount}
          </span>
        </div>
      </li>
    );
  };

  return (
    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the tree pattern's list of folders (its items are treeitems)
    <ul role="tree" className="folder-tree" aria-label={t('folders.label')} onKeyDown={onKeyDown}>
      {shown.map(renderNode)}
    </ul>
  );
}
