export { delay, pickHousingCompany, runStartup, type StartupEffects } from './run-startup';
export {
  type Auth,
  FEATURES_QUERY_KEY,
  StartupGate,
  StartupProvider,
  useAuth,
  useCurrentUser,
  useStartup,
} from './StartupProvider';
export {
  initialStartupState,
  type StartupError,
  type StartupEvent,
  type StartupState,
  type StartupStep,
  transition,
} from './startup-machine';
