import FolderIcon from '@mui/icons-material/FolderOutlined';
import MailIcon from '@mui/icons-material/Mail';
import { Box, Typography } from '@mui/material';
import { STAFF_MENU, type StaffAccess } from '@porta/contracts';
import { type ReactElement, useId } from 'react';
import {
  Menu,
  useBasename,
  usePermissions,
  useResourceDefinitions,
  useSidebarState,
  useTranslate,
} from 'react-admin';
import type { StaffPermissions } from '../auth/access';

/** An entry that opens a page of the staff app rather than a resource's list. */
interface PageEntry {
  /** The section it joins (after the section's resources). */
  section: string;
  /** The page's address inside the app. */
  to: string;
  /** Translation key of its text. */
  label: string;
  /** Who sees it: the rule its route is registered by (App.tsx). */
  access: StaffAccess;
  icon: ReactElement;
}

/**
 * The pages in the menu. The document library (03 §2 /admin/documents) and the e-mail letters
 * (/admin/email-letters) are not one service's list of records, so they are not in the contracts'
 * STAFF_MENU, which lists resources and the list route each opens.
 */
const PAGE_ENTRIES: readonly PageEntry[] = [
  {
    section: 'porta.menu.content',
    to: '/documents',
    label: 'porta.menu.documents',
    access: 'documents',
    icon: <FolderIcon />,
  },
  {
    section: 'porta.menu.content',
    to: '/email-letters',
    label: 'porta.menu.letters',
    access: 'letters',
    icon: <MailIcon />,
  },
];

function Section({
  title,
  resources,
  pages,
}: {
  title: string;
  resources: readonly string[];
  pages: readonly PageEntry[];
}) {
  const basename = useBasename();
  const translate = useTranslate();
  const [open] = useSidebarState();
  const headingId = useId();
  return (
    <Box role="group" aria-labelledby={headingId}>
      <Typography
        id={headingId}
        variant="overline"
        component="div"
        color="text.secondary"
        sx={
          open
            ? { px: 2, pt: 1, display: 'block' }
            : { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }
        }
      >
        {translate(title)}
      </Typography>
      {resources.map((name) => (
        <Menu.ResourceItem key={name} name={name} />
      ))}
      {pages.map((page) => (
        <Menu.Item
          key={page.to}
          to={`${basename}${page.to}`}
          primaryText={translate(page.label)}
          leftIcon={page.icon}
        />
      ))}
    </Box>
  );
}

/**
 * The side menu: the dashboard, then the routed resources in the sections of the contracts'
 * STAFF_MENU (administration, content, community, support, service shop, feedback), with the pages
 * of PAGE_ENTRIES in their sections. Only entries whose rule the viewer passes are routed (App.tsx)
 * and shown, so a section the viewer cannot use does not show.
 */
export function PortaMenu() {
  const definitions = useResourceDefinitions();
  const { permissions } = usePermissions<StaffPermissions>();
  const listed = (name: string) => !!definitions[name]?.hasList;
  const known = new Set(STAFF_MENU.flatMap((section) => section.entries.map((entry) => entry.resource)));
  const others = Object.keys(definitions).filter((name) => !known.has(name) && listed(name));
  return (
    <Menu>
      <Menu.DashboardItem />
      {STAFF_MENU.map((section) => {
        const resources = section.entries.map((entry) => entry.resource).filter(listed);
        const pages = PAGE_ENTRIES.filter(
          (page) => page.section === section.title && !!permissions?.can[page.access],
        );
        return resources.length || pages.length ? (
          <Section key={section.title} title={section.title} resources={resources} pages={pages} />
        ) : null;
      })}
      {others.map((name) => (
        <Menu.ResourceItem key={name} name={name} />
      ))}
    </Menu>
  );
}
