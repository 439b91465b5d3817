// The help tours of the candidate's forms: a form asks for its tour by name
// and the guided tutorial, mounted once in the candidate's area, runs it. A
// window event carries the request, so that the profile's forms and the
// tutorial stay two features that do not import each other.

/** The forms that have a help tour (spec §2: academic project, education, experience, CAR method). */
export type HelpTourId = 'academicProject' | 'education' | 'experience' | 'car';

const helpTourEvent = 'vivier:help-tour';

export function requestHelpTour(tour: HelpTourId): void {
  window.dispatchEvent(new CustomEvent<HelpTourId>(helpTourEvent, { detail: tour }));
}

/** Calls `listener` with each requested tour until the returned function is called. */
export function onHelpTourRequest(listener: (tour: HelpTourId) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<HelpTourId>).detail);
  window.addEventListener(helpTourEvent, handle);
  return () => window.removeEventListener(helpTourEvent, handle);
}
