import type { PublicPage } from '@porta/contracts';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useServices } from '../../../shared/services';
import { Loader } from '../../../shared/ui/Loader';
import { QueryStatus } from '../../../shared/ui/QueryStatus';
import { NotFoundPage } from '../../errors/components/NotFoundPage';
import { usePageMeta } from '../../layout';
import { useAuth } from '../../startup';
import { isMissingPage, usePublicPage } from '../hooks/use-public-page';
import { SafeHtml } from './SafeHtml';

/**
 * The catch-all route (01 §2): the content page stored for this address, with its title, first
 * image and HTML; a loader meanwhile; 'Page not found' when there is none. Public: signed-out
 * visitors see pages too; an address with no page sends them to sign in (it may be meant for
 * signed-in users), and after signing in they land on it again.
 */
export function ContentPage() {
  const page = usePublicPage();
  const auth = useAuth();
  const missing = page.isError && isMissingPage(page.error);
  const toSignIn = missing && auth.status !== 'signedIn';

  if (page.data) return <PageContent page={page.data} />;
  if (toSignIn) return <ToSignIn />;
  if (missing) return <NotFoundPage />;
  if (page.isError) {
    return (
      <section className="page">
        <QueryStatus pending={false} error={page.error} onRetry={() => void page.refetch()} />
      </section>
    );
  }
  return <Loader />;
}

function PageContent({ page }: { page: PublicPage }) {
  usePageMeta({ title: page.title });
  return (
    <article className="page content-page" lang={page.language} aria-labelledby="content-page-title">
      <h1 id="content-page-title">{page.title}</h1>
      {page.imageUrl && <img className="content-page__image" src={page.imageUrl} alt="" />}
      <SafeHtml html={page.html} className="content-page__body" />
    </article>
  );
}

/** A signed-out visitor at an address without a page: sign in first, then come back here. */
function ToSignIn() {
  const { session } = useServices();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    session.rememberRoute(`${pathname}${search}${hash}`);
    navigate('/login', { replace: true });
  }, [session, pathname, search, hash, navigate]);
  return <Loader />;
}
