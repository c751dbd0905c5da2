import { Layout, type LayoutProps } from 'react-admin';
import { PortaAppBar } from './PortaAppBar';
import { PortaMenu } from './PortaMenu';
import { ProfileLanguage } from './ProfileLanguage';

export function PortaLayout({ children, ...props }: LayoutProps) {
  return (
    <Layout {...props} menu={PortaMenu} appBar={PortaAppBar}>
      <ProfileLanguage />
      {children}
    </Layout>
  );
}
