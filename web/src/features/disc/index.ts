// What other features use of the DISC test: the result in short, for the
// public profile (shown only when its candidate chose to show it), and the
// query reading a candidate's result.
export { candidateDiscQueryOptions, type DiscResult } from './api/disc';
export { DiscSummary } from './components/disc-summary';
export { ShownDisc } from './components/shown-disc';
