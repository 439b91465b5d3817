// Draws the tour machine's snapshot with driver.js (MIT): a modal overlay
// opened around the step's `data-tour` element (5 px padding, 10 px radius), a
// popover of class max-w-md with a cancel icon, the step's place in its own
// tour, and the step's own buttons, drawn as the product's buttons (driver.js's
// small grey ones lose their class; the language choice shows SVG flags).
// It holds no state of the tour: every click and key goes back to the
// machine, which decides (tour-machine.ts). Escape and the arrow keys are
// read here and handed over (driver.js's own keyboard control is off).
import { type Driver, type DriveStep, driver, type PopoverDOM } from 'driver.js';
import 'driver.js/dist/driver.css';
import '@/styles/flag.css';
import './tour.css';
import { flagUrl } from '@/lib/flags';
import { progressOf, type TourMachine, type TourSnapshot } from './tour-machine';
import type { TourStep } from './tour-steps';

export type TourTexts = {
  title: (step: TourStep) => string;
  text: (step: TourStep) => string;
  progress: (current: number, total: number) => string;
  next: string;
  back: string;
  close: string;
  letsGo: string;
  noThanks: string;
  openProjects: string;
  fillProjectForm: string;
  finish: string;
  /** `flag`: the country code of the language's flag. */
  locales: { locale: 'fr' | 'en'; flag: string; label: string }[];
};

/** How long a step waits for its element (a page still loading) before it is skipped. */
const targetWaitMs = 3000;
const targetPollMs = 100;

export const tourTargetSelector = (target: string) => `[data-tour="${target}"]`;

function findTarget(step: TourStep): Element | null {
  return step.target === null ? null : document.querySelector(tourTargetSelector(step.target));
}

function button(label: string, className: string, onClick: () => void, attributes: Record<string, string> = {}, flag?: string) {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = className;
  const url = flag === undefined ? null : flagUrl(flag);
  if (url !== null) {
    const picture = document.createElement('img');
    picture.className = 'flag';
    picture.src = url;
    picture.alt = '';
    element.append(picture, ' ');
  }
  element.append(label);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.addEventListener('click', onClick);
  return element;
}

/** Gives one of driver.js's footer buttons the look of the product's `button` of that variant. */
function styleAsProductButton(element: HTMLElement, variant: 'primary' | 'secondary'): void {
  element.classList.remove('driver-popover-footer-btn');
  element.classList.add('button', `button--${variant}`);
}

export type TourRenderer = {
  render: (snapshot: TourSnapshot) => void;
  dispose: () => void;
};

function removePopupAttributes(element: Element): void {
  for (const name of ['aria-haspopup', 'aria-expanded', 'aria-controls']) element.removeAttribute(name);
}

export function createDriverRenderer(machine: () => TourMachine, texts: () => TourTexts): TourRenderer {
  let instance: Driver | null = null;
  let closingOurselves = false;
  let pendingWait: number | undefined;
  /** Bumped on every render, so that a late wait for an element is dropped. */
  let generation = 0;

  const onKeydown = (event: KeyboardEvent) => {
    if (machine().keydown(event.key) === 'handled') {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  function close() {
    window.clearTimeout(pendingWait);
    document.removeEventListener('keydown', onKeydown, true);
    if (instance?.isActive()) {
      closingOurselves = true;
      instance.destroy();
      closingOurselves = false;
    }
  }

  function onNext(step: TourStep) {
    const tour = machine();
    switch (step.action) {
      case 'openPersonalProjects':
        tour.openPersonalProjects();
        break;
      case 'fillProjectForm':
        tour.fillProjectForm();
        break;
      case 'finish':
        tour.complete();
        break;
      case 'pressTarget':
        (findTarget(step) as HTMLElement | null)?.click();
        tour.next();
        break;
      default:
        tour.next();
    }
  }

  function nextLabel(step: TourStep, t: TourTexts) {
    switch (step.action) {
      case 'welcome':
        return t.letsGo;
      case 'openPersonalProjects':
        return t.openProjects;
      case 'fillProjectForm':
        return t.fillProjectForm;
      case 'finish':
        return t.finish;
      default:
        return t.next;
    }
  }

  function decorate(popover: PopoverDOM, step: TourStep, first: boolean) {
    const t = texts();
    const titleId = `tour-title-${step.id}`;
    popover.wrapper.setAttribute('role', 'dialog');
    popover.wrapper.setAttribute('aria-modal', 'true');
    popover.wrapper.setAttribute('aria-labelledby', titleId);
    popover.wrapper.setAttribute('data-testid', 'tour-popover');
    popover.wrapper.setAttribute('data-tour-step', step.id);
    popover.title.id = titleId;
    popover.closeButton.setAttribute('aria-label', t.close);
    popover.closeButton.setAttribute('data-testid', 'tour-cancel');
    popover.nextButton.setAttribute('data-testid', 'tour-next');
    popover.previousButton.setAttribute('data-testid', 'tour-back');
    styleAsProductButton(popover.nextButton, 'primary');
    styleAsProductButton(popover.previousButton, 'secondary');
    if (first) popover.previousButton.style.display = 'none';
    if (step.action === 'welcome') {
      const flags = document.createElement('div');
      flags.className = 'tour-flags';
      flags.setAttribute('role', 'group');
      for (const locale of t.locales) {
        flags.append(
          button(
            locale.label,
            'tour-flag',
            () => machine().chooseLocale(locale.locale),
            { lang: locale.locale, 'data-testid': `tour-locale-${locale.locale}` },
            locale.flag,
          ),
        );
      }
      popover.description.after(flags);
      popover.footerButtons.prepend(
        button(t.noThanks, 'button button--secondary', () => machine().decline(), { 'data-testid': 'tour-decline' }),
      );
    }
    popover.nextButton.focus();
  }

  function show(snapshot: TourSnapshot, element: Element | null) {
    const step = snapshot.steps[snapshot.index];
    if (!step) return;
    const t = texts();
    const progress = progressOf(snapshot);
    const driveStep: DriveStep = {
      element: element ?? undefined,
      popover: {
        title: t.title(step),
        description: t.text(step),
        showButtons: ['next', 'previous', 'close'],
        showProgress: true,
        progressText: t.progress(progress.current, progress.total),
        nextBtnText: nextLabel(step, t),
        prevBtnText: t.back,
        doneBtnText: nextLabel(step, t),
        onNextClick: () => onNext(step),
        onPrevClick: () => machine().back(),
        onCloseClick: () => void machine().cancel(),
        onPopoverRender: (popover) => decorate(popover, step, snapshot.index === 0),
      },
    };
    if (instance === null) {
      instance = driver({
        animate: false,
        overlayOpacity: 0.6,
        stagePadding: 5,
        stageRadius: 10,
        popoverClass: 'max-w-md vivier-tour',
        allowClose: true,
        allowKeyboardControl: false,
        overlayClickBehavior: () => undefined,
        onDestroyStarted: () => {
          if (!closingOurselves) void machine().cancel();
        },
      });
    }
    document.addEventListener('keydown', onKeydown, true);
    instance.highlight(driveStep);
    // driver.js marks the highlighted element as a popup's opener; a div (the invisible element of a
    // centred step) or a text field may not carry those attributes, and a combobox has its own
    const dummy = document.getElementById('driver-dummy-element');
    if (dummy) {
      removePopupAttributes(dummy);
      dummy.setAttribute('aria-hidden', 'true');
    }
    if (element?.matches('input:not([role="combobox"]), textarea, select')) removePopupAttributes(element);
  }

  function render(snapshot: TourSnapshot) {
    generation += 1;
    window.clearTimeout(pendingWait);
    if (snapshot.status !== 'active') {
      close();
      return;
    }
    const step = snapshot.steps[snapshot.index];
    if (!step) return;
    if (step.target === null) {
      show(snapshot, null);
      return;
    }
    // The page may still be loading: wait for the element a while, then pass over the step.
    const mine = generation;
    const started = Date.now();
    const attempt = () => {
      if (mine !== generation) return;
      const element = findTarget(step);
      if (element) show(snapshot, element);
      else if (Date.now() - started >= targetWaitMs) machine().skip();
      else pendingWait = window.setTimeout(attempt, targetPollMs);
    };
    attempt();
  }

  return {
    render,
    dispose: () => {
      generation += 1;
      close();
      instance = null;
    },
  };
}
