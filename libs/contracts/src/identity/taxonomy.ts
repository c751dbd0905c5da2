// Filled in by the work on issue 3.
export {};
