import { Box, Typography } from '@mui/material';
import { useId } from 'react';
import { Menu, useResourceDefinitions, useSidebarState, useTranslate } from 'react-admin';

/** The menu's sections, each listing resources in order; a section shows when one of them is routed. */
const SECTIONS: readonly { title: string; resources: readonly string[] }[] = [
  {
    title: 'porta.menu.administration',
    resources: [
      'users',
      'housing-companies',
      'apartments',
      'partner-companies',
      'taxonomy-terms',
      'feature-toggles',
    ],
  },
  {
    title: 'porta.menu.content',
    resources: ['news', 'calendar', 'contacts', 'steps', 'faqs', 'pages', 'feeds'],
  },
  { title: 'porta.menu.community', resources: ['community-reports'] },
  { title: 'porta.menu.support', resources: ['service-requests'] },
  { title: 'porta.menu.shop', resources: ['campaigns', 'shop-partners'] },
  { title: 'porta.menu.feedback', resources: ['feedback'] },
];

function Section({ title, resources }: { title: string; resources: readonly string[] }) {
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
    </Box>
  );
}

/**
 * The side menu: the dashboard, then the routed resources in sections (administration, content,
 * community, support, service shop, feedback). Only resources the viewer may use are routed (App.tsx), so a section
 * the viewer cannot use does not show.
 */
export function PortaMenu() {
  const definitions = useResourceDefinitions();
  const listed = (name: string) => !!definitions[name]?.hasList;
  const known = new Set(SECTIONS.flatMap((section) => section.resources));
  const others = Object.keys(definitions).filter((name) => !known.has(name) && listed(name));
  return (
    <Menu>
      <Menu.DashboardItem />
      {SECTIONS.map((section) => {
        const resources = section.resources.filter(listed);
        return resources.length ? (
          <Section key={section.title} title={section.title} resources={resources} />
        ) : null;
      })}
      {others.map((name) => (
        <Menu.ResourceItem key={name} name={name} />
      ))}
    </Menu>
  );
}
