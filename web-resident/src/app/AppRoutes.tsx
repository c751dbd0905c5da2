import { Route, Routes } from 'react-router';
import { LoginPage, LogoutPage } from '../modules/auth';
import { DashboardPage } from '../modules/dashboard';
import { ErrorPage, NotFoundPage } from '../modules/errors';
import { CHANGE_HOUSING_COMPANY_PATH, ChangeHousingCompanyPage } from '../modules/housing-company';
import { AppLayout } from '../modules/layout';
import { RequireApplicationError, RequireSignedOut, RequireSignIn } from './guards';
import { SessionFrame } from './SessionFrame';

/**
 * Public: /login (signed out only), /error (only with an application error), /logout.
 * Everything else needs a signed-in user and renders inside the layout frame.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SessionFrame />}>
        <Route
          path="/login"
          element={
            <RequireSignedOut>
              <LoginPage />
            </RequireSignedOut>
          }
        />
        <Route
          path="/error"
          element={
            <RequireApplicationError>
              <ErrorPage />
            </RequireApplicationError>
          }
        />
        <Route path="/logout" element={<LogoutPage />} />
        <Route
          element={
            <RequireSignIn>
              <AppLayout />
            </RequireSignIn>
          }
        >
          <Route index element={<DashboardPage />} />
          <Route path={CHANGE_HOUSING_COMPANY_PATH} element={<ChangeHousingCompanyPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
