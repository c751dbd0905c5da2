import { Box, Typography } from '@mui/material';
import { STAFF_MENU } from '@porta/contracts';
import { useId } from 'react';
import { Menu, useResourceDefinitions, useSidebarState, useTranslate } from 'react-admin';

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
 * The side menu: the dashboard, then the routed resources in the sections of the contracts'
 * STAFF_MENU (administration, content, community, support, service shop, feedback). Only entries
 * whose rule the viewer passes are routed (App.tsx), so a section the viewer cannot use does not show.
 */
export function PortaMenu() {
  const definitions = useResourceDefinitions();
  const listed = (name: string) => !!definitions[name]?.hasList;
  const known = new Set(STAFF_MENU.flatMap((section) => section.entries.map((entry) => entry.resource)));
  const others = Object.keys(definitions).filter((name) => !known.has(name) && listed(name));
  return (
    <Menu>
      <Menu.DashboardItem />
      {STAFF_MENU.map((section) => {
        const resources = section.entries.map((entry) => entry.resource).filter(listed);
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
