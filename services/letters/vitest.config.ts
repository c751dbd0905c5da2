import { portaVitestConfig } from '../../vitest.shared.js';

export default portaVitestConfig();
