import { useEffect } from 'react';
import { Layout, type LayoutProps } from 'react-admin';
import { PortaAppBar } from './PortaAppBar';
import { PortaMenu } from './PortaMenu';
import { ProfileLanguage } from './ProfileLanguage';
import { watchRowCheckboxes } from './row-checkbox-labels';

export function PortaLayout({ children, ...props }: LayoutProps) {
  useEffect(() => watchRowCheckboxes(document.body), []);
  return (
    <Layout {...props} menu={PortaMenu} appBar={PortaAppBar}>
      <ProfileLanguage />
      {children}
    </Layout>
  );
}
