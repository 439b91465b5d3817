// The tours a candidate asks for: a form asks for its help tour by name, and
// the help menu asks to replay the dashboard's tutorial; the guided tutorial,
// mounted once in the candidate's area, runs them. Window events carry the
// requests, so that the profile's forms, the help menu and the tutorial stay
// apart and do not import each other.

/** The forms that have a help tour (spec §2: academic project, education, experience, CAR method). */
export type HelpTourId = 'academicProject' | 'education' | 'experience' | 'car';

const helpTourEvent = 'vivier:help-tour';
const tutorialReplayEvent = 'vivier:tutorial-replay';

function listen<T>(name: string, listener: (detail: T) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<T>).detail);
  window.addEventListener(name, handle);
  return () => window.removeEventListener(name, handle);
}

export function requestHelpTour(tour: HelpTourId): void {
  window.dispatchEvent(new CustomEvent<HelpTourId>(helpTourEvent, { detail: tour }));
}

/** Calls `listener` with each requested tour until the returned function is called. */
export function onHelpTourRequest(listener: (tour: HelpTourId) => void): () => void {
  return listen(helpTourEvent, listener);
}

/** Asks for the dashboard's tutorial from its start, even once it was finished or declined. */
export function requestTutorialReplay(): void {
  window.dispatchEvent(new CustomEvent(tutorialReplayEvent));
}

/** Calls `listener` on each replay request until the returned function is called. */
export function onTutorialReplayRequest(listener: () => void): () => void {
  return listen(tutorialReplayEvent, listener);
}
