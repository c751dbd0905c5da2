import { prepareTimeZone, SessionClient } from '@porta/web-kit';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/App';
import { preloadLandingPage } from './app/guards';
import { createQueryClient } from './app/query-client';
import { createIdentityApi } from './modules/identity';
import { createI18n } from './modules/language';
import './styles.css';

const session = new SessionClient();
const services = { session, identity: createIdentityApi(session) };

preloadLandingPage(window.location.pathname, session.read() !== null);
// While startup waits for /me: the dates of the first pages need the housing company's zone.
setTimeout(prepareTimeZone, 0);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <App services={services} queryClient={createQueryClient()} i18n={createI18n()} />
    </BrowserRouter>
  </StrictMode>,
);
