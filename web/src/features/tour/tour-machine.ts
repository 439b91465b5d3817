// The guided tutorial's behaviour (spec §4 "Tutorial"), as plain TypeScript
// with no DOM and no driver.js, so that every transition is unit-tested: the
// driver.js adapter (driver-adapter.ts) only draws the snapshot it is handed
// and reports the candidate's clicks and keys back here.
//
// - start: goes to /dashboard/candidate and shows the first step of the tour;
// - next / back: one step on / one step back; next on the last step completes;
// - hide / show: the popover and overlay go away / come back on the same step;
// - skip: passes over a step whose target the page does not render, in the
//   direction of the last move (on past the last step: complete);
// - complete (finish button, or next on the last step) and cancel (cancel
//   icon, Escape, or declining with "no thank you") end the tour and turn the
//   `tour` flag off for the user, so no device offers it again;
// - cancel asks for confirmation (message key CONFIRM_EXIT_TUTO) when
//   confirmation is enabled, and does nothing if the candidate says no;
// - Escape cancels; the arrow keys do nothing;
// - the step 8 button opens the personal projects page and, when the tour is
//   on its eighth step, adds the project-creation sub-tour right after it,
//   hides, and advances 500 ms later (once the page is there);
// - the sub-tour's last button leaves the candidate on the project form it
//   opened: the tour moves on and hides until the candidate is back on
//   /dashboard/candidate (`arrivedAt`), where its next steps are;
// - each tour counts its own steps: the sub-tour is "1 of 11" to "11 of 11",
//   and the main tour goes on with "10 of 13" (`progressOf`).
// Help tours (a form's fields) are started from their form, stay where they
// are and leave the `tour` flag alone; leaving one asks nothing, as the
// candidate can start it again from the same button.
import { type TourId, type TourStep, tours } from './tour-steps';

export type TourStatus = 'idle' | 'active' | 'hidden' | 'completed' | 'cancelled';

export type TourSnapshot = {
  status: TourStatus;
  /** The tour being run ('main' for the dashboard's tutorial). */
  tour: TourId | null;
  steps: readonly TourStep[];
  index: number;
  /** While hidden: the page on which the tour shows again. */
  resumeOn: string | null;
};

/** Where the current step stands in its own tour (a sub-tour counts apart from the tour it was added to). */
export function progressOf({ steps, index }: Pick<TourSnapshot, 'steps' | 'index'>): { current: number; total: number } {
  const part = steps[index]?.part;
  const samePart = (step: TourStep) => step.part === part;
  return { current: steps.slice(0, index + 1).filter(samePart).length, total: steps.filter(samePart).length };
}

export type TourLocale = 'fr' | 'en';

/** What the machine asks of the outside world. */
export type TourPorts = {
  navigate: (path: string) => void;
  /** Turns the user's `tour` flag off (server and this device). */
  persistEnded: () => void;
  /** Asks the candidate to confirm leaving; true when they do. */
  confirmExit: (messageKey: 'CONFIRM_EXIT_TUTO') => boolean;
  setLocale: (locale: TourLocale) => void;
  /** Told after every change, to draw it. */
  render: (snapshot: TourSnapshot) => void;
  /** Defaults to `setTimeout`. */
  schedule?: (callback: () => void, milliseconds: number) => void;
};

export type TourOptions = { confirmCancel?: boolean };

/** The tutorial's step delay (spec §9). */
export const stepDelayMs = 500;
/** The main tour's step whose button opens the personal projects (0-based: the ninth shown). */
export const personalProjectsStepIndex = 8;
export const dashboardPath = '/dashboard/candidate';
export const personalProjectsPath = '/dashboard/candidate/projets/personnel';

export type KeyOutcome = 'handled' | 'ignored';

export class TourMachine {
  private snapshot: TourSnapshot = { status: 'idle', tour: null, steps: [], index: 0, resumeOn: null };
  private direction: 1 | -1 = 1;
  private readonly confirmCancel: boolean;

  constructor(
    private readonly ports: TourPorts,
    options: TourOptions = {},
  ) {
    this.confirmCancel = options.confirmCancel ?? true;
  }

  get state(): TourSnapshot {
    return this.snapshot;
  }

  get currentStep(): TourStep | undefined {
    return this.snapshot.steps[this.snapshot.index];
  }

  private get running(): boolean {
    return this.snapshot.status === 'active' || this.snapshot.status === 'hidden';
  }

  private update(change: Partial<TourSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    this.ports.render(this.snapshot);
  }

  /** Starts the dashboard's tutorial, from /dashboard/candidate. */
  start(): void {
    this.ports.navigate(dashboardPath);
    this.direction = 1;
    this.update({ status: 'active', tour: 'main', steps: tours.main, index: 0, resumeOn: null });
  }

  /** Starts a help tour where the candidate is (a form's fields). */
  startHelp(tour: Exclude<TourId, 'main'>): void {
    this.direction = 1;
    this.update({ status: 'active', tour, steps: tours[tour], index: 0, resumeOn: null });
  }

  next(): void {
    if (!this.running) return;
    this.direction = 1;
    if (this.snapshot.index >= this.snapshot.steps.length - 1) {
      this.complete();
      return;
    }
    this.update({ status: 'active', index: this.snapshot.index + 1 });
  }

  back(): void {
    if (!this.running || this.snapshot.index === 0) return;
    this.direction = -1;
    this.update({ status: 'active', index: this.snapshot.index - 1 });
  }

  hide(): void {
    if (this.snapshot.status !== 'active') return;
    this.update({ status: 'hidden' });
  }

  show(): void {
    if (this.snapshot.status !== 'hidden') return;
    this.update({ status: 'active', resumeOn: null });
  }

  /** The candidate is now on `path`: a tour waiting for that page shows again. */
  arrivedAt(path: string): void {
    if (this.snapshot.status === 'hidden' && this.snapshot.resumeOn === path) this.show();
  }

  /** Passes over the current step, in the direction of the last move. */
  skip(): void {
    if (!this.running) return;
    if (this.direction === -1 && this.snapshot.index > 0) this.back();
    else this.next();
  }

  complete(): void {
    if (!this.running) return;
    this.end('completed');
  }

  /** Ends the tour unless confirmation is enabled and refused; true when it ended. */
  cancel(): boolean {
    if (!this.running) return false;
    const asks = this.confirmCancel && this.snapshot.tour === 'main';
    if (asks && !this.ports.confirmExit('CONFIRM_EXIT_TUTO')) return false;
    this.end('cancelled');
    return true;
  }

  /** "No thank you" on the welcome step. */
  decline(): boolean {
    return this.cancel();
  }

  /** A key pressed while the tour runs: Escape cancels, arrows are disabled. */
  keydown(key: string): KeyOutcome {
    if (!this.running) return 'ignored';
    if (key === 'Escape') {
      this.cancel();
      return 'handled';
    }
    // swallowed so that no other handler moves the tour
    if (key.startsWith('Arrow')) return 'handled';
    return 'ignored';
  }

  chooseLocale(locale: TourLocale): void {
    this.ports.setLocale(locale);
  }

  /** The step 8 button. */
  openPersonalProjects(): void {
    this.ports.navigate(personalProjectsPath);
    const { tour, index, steps } = this.snapshot;
    if (!this.running || tour !== 'main' || index !== personalProjectsStepIndex) return;
    const subTour = tours.projectCreation.map((step) => ({ ...step, part: 'projectCreation' as const }));
    const withSubTour = [...steps.slice(0, index + 1), ...subTour, ...steps.slice(index + 1)];
    this.update({ steps: withSubTour });
    this.hide();
    const schedule = this.ports.schedule ?? ((callback, ms) => void setTimeout(callback, ms));
    schedule(() => {
      if (this.snapshot.status !== 'hidden') return;
      this.show();
      this.next();
    }, stepDelayMs);
  }

  /** The project sub-tour's last button: on to the next step, shown once the candidate is back on the dashboard. */
  fillProjectForm(): void {
    if (!this.running) return;
    if (this.snapshot.index >= this.snapshot.steps.length - 1) {
      this.complete();
      return;
    }
    this.direction = 1;
    this.update({ status: 'hidden', index: this.snapshot.index + 1, resumeOn: dashboardPath });
  }

  private end(status: 'completed' | 'cancelled'): void {
    const wasMain = this.snapshot.tour === 'main';
    this.update({ status });
    if (wasMain) this.ports.persistEnded();
  }
}
