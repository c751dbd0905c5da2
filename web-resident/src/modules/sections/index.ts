export { type SectionLink, SectionLinks, SectionPage } from './components/SectionPage';
export { UiSandboxPage } from './components/UiSandboxPage';
