export { FirstLoginPage, type LoginLocationState } from './components/FirstLoginPage';
export { type Credentials, LoginForm } from './components/LoginForm';
export { LoginPage } from './components/LoginPage';
export { LogoutPage } from './components/LogoutPage';
