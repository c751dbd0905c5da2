export * from './feature-gate.js';
export * from './policy.js';
export * from './principal.js';
export * from './revocations.js';
export * from './scope.js';
export * from './verifier.js';
