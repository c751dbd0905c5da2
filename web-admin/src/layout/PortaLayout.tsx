import { Layout, type LayoutProps } from 'react-admin';
import { ProfileLanguage } from './ProfileLanguage';

export function PortaLayout({ children, ...props }: LayoutProps) {
  return (
    <Layout {...props}>
      <ProfileLanguage />
      {children}
    </Layout>
  );
}
