export { type SectionLink, SectionPage } from './components/SectionPage';
export { UiSandboxPage } from './components/UiSandboxPage';
