// The tutorial's transitions (spec §4), each one, with fake timers for the 500 ms step.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboardPath, personalProjectsPath, personalProjectsStepIndex, progressOf, stepDelayMs, TourMachine, type TourPorts } from './tour-machine';
import { tours } from './tour-steps';

function setUp({ confirm = true, confirmCancel = true } = {}) {
  const ports = {
    navigate: vi.fn<(path: string) => void>(),
    persistEnded: vi.fn<() => void>(),
    confirmExit: vi.fn<(key: 'CONFIRM_EXIT_TUTO') => boolean>(() => confirm),
    setLocale: vi.fn<(locale: 'fr' | 'en') => void>(),
    render: vi.fn<TourPorts['render']>(),
  };
  return { ports, machine: new TourMachine(ports, { confirmCancel }) };
}

const stepId = (machine: TourMachine) => machine.currentStep?.id;

function walkTo(machine: TourMachine, index: number) {
  while (machine.state.index < index) machine.next();
}

describe('the tutorial', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts on the dashboard with the welcome step', () => {
    const { ports, machine } = setUp();
    expect(machine.state.status).toBe('idle');
    machine.start();
    expect(ports.navigate).toHaveBeenCalledWith(dashboardPath);
    expect(machine.state).toMatchObject({ status: 'active', tour: 'main', index: 0 });
    expect(stepId(machine)).toBe('welcome');
    expect(ports.render).toHaveBeenLastCalledWith(machine.state);
  });

  it('follows the steps of the spec in order', () => {
    expect(tours.main.map((step) => step.id)).toEqual([
      'welcome', 'myInformation', 'languages', 'hobbies', 'personalProjects', 'academicProjects', 'educations',
      'experiences', 'personalProjectsAgain', 'softSkills', 'softSkillFamilies', 'disc', 'end',
    ]);
    expect(tours.main[personalProjectsStepIndex].action).toBe('openPersonalProjects');
  });

  it('moves next and back, never before the first step', () => {
    const { machine } = setUp();
    machine.start();
    machine.back();
    expect(machine.state.index).toBe(0);
    machine.next();
    machine.next();
    expect(stepId(machine)).toBe('languages');
    machine.back();
    expect(stepId(machine)).toBe('myInformation');
  });

  it('completes on next from the last step and turns the flag off', () => {
    const { ports, machine } = setUp();
    machine.start();
    walkTo(machine, tours.main.length - 1);
    expect(stepId(machine)).toBe('end');
    expect(ports.persistEnded).not.toHaveBeenCalled();
    machine.next();
    expect(machine.state.status).toBe('completed');
    expect(ports.persistEnded).toHaveBeenCalledTimes(1);
    // nothing moves an ended tour
    machine.next();
    machine.back();
    expect(machine.cancel()).toBe(false);
    expect(ports.persistEnded).toHaveBeenCalledTimes(1);
  });

  it('finishing (complete) ends it and turns the flag off', () => {
    const { ports, machine } = setUp();
    machine.start();
    walkTo(machine, 3);
    machine.complete();
    expect(machine.state.status).toBe('completed');
    expect(ports.persistEnded).toHaveBeenCalledTimes(1);
  });

  it('hides and shows again on the same step', () => {
    const { machine } = setUp();
    machine.start();
    machine.next();
    machine.hide();
    expect(machine.state).toMatchObject({ status: 'hidden', index: 1 });
    machine.show();
    expect(machine.state).toMatchObject({ status: 'active', index: 1 });
  });

  it('skips a step in the direction of the last move', () => {
    const { machine } = setUp();
    machine.start();
    walkTo(machine, 3);
    machine.skip();
    expect(machine.state.index).toBe(4);
    machine.back();
    machine.skip();
    expect(machine.state.index).toBe(2);
  });

  it('asks to confirm a cancel, and stays when refused', () => {
    const refused = setUp({ confirm: false });
    refused.machine.start();
    expect(refused.machine.cancel()).toBe(false);
    expect(refused.ports.confirmExit).toHaveBeenCalledWith('CONFIRM_EXIT_TUTO');
    expect(refused.machine.state.status).toBe('active');
    expect(refused.ports.persistEnded).not.toHaveBeenCalled();

    const accepted = setUp({ confirm: true });
    accepted.machine.start();
    expect(accepted.machine.cancel()).toBe(true);
    expect(accepted.machine.state.status).toBe('cancelled');
    expect(accepted.ports.persistEnded).toHaveBeenCalledTimes(1);
  });

  it('cancels without asking when confirmation is disabled', () => {
    const { ports, machine } = setUp({ confirm: false, confirmCancel: false });
    machine.start();
    expect(machine.cancel()).toBe(true);
    expect(ports.confirmExit).not.toHaveBeenCalled();
    expect(machine.state.status).toBe('cancelled');
  });

  it('declining cancels (with its confirmation)', () => {
    const { ports, machine } = setUp();
    machine.start();
    expect(machine.decline()).toBe(true);
    expect(ports.confirmExit).toHaveBeenCalledTimes(1);
    expect(machine.state.status).toBe('cancelled');
    expect(ports.persistEnded).toHaveBeenCalledTimes(1);
  });

  it('cancels on Escape and ignores the arrow keys', () => {
    const { machine } = setUp();
    machine.start();
    machine.next();
    expect(machine.keydown('ArrowRight')).toBe('handled');
    expect(machine.keydown('ArrowLeft')).toBe('handled');
    expect(machine.state).toMatchObject({ status: 'active', index: 1 });
    expect(machine.keydown('Enter')).toBe('ignored');
    expect(machine.keydown('Escape')).toBe('handled');
    expect(machine.state.status).toBe('cancelled');
    expect(machine.keydown('Escape')).toBe('ignored');
  });

  it('switches the locale from the welcome flags', () => {
    const { ports, machine } = setUp();
    machine.start();
    machine.chooseLocale('en');
    expect(ports.setLocale).toHaveBeenCalledWith('en');
    expect(machine.state.status).toBe('active');
  });

  it('opens the personal projects from step 8, adds the project sub-tour, hides, then advances after 500 ms', () => {
    const { ports, machine } = setUp();
    machine.start();
    walkTo(machine, personalProjectsStepIndex);
    expect(stepId(machine)).toBe('personalProjectsAgain');
    machine.openPersonalProjects();
    expect(ports.navigate).toHaveBeenLastCalledWith(personalProjectsPath);
    expect(machine.state.status).toBe('hidden');
    expect(machine.state.steps).toHaveLength(tours.main.length + tours.projectCreation.length);
    vi.advanceTimersByTime(stepDelayMs - 1);
    expect(machine.state).toMatchObject({ status: 'hidden', index: personalProjectsStepIndex });
    vi.advanceTimersByTime(1);
    expect(machine.state).toMatchObject({ status: 'active', index: personalProjectsStepIndex + 1 });
    expect(stepId(machine)).toBe('projectList');

    // the sub-tour runs to its end, whose button leaves the candidate on the open project form:
    // the tour hides on the soft skills step and shows again once the dashboard is open
    walkTo(machine, personalProjectsStepIndex + tours.projectCreation.length);
    expect(stepId(machine)).toBe('projectEnd');
    const navigations = ports.navigate.mock.calls.length;
    machine.fillProjectForm();
    expect(ports.navigate).toHaveBeenCalledTimes(navigations);
    expect(machine.state).toMatchObject({ status: 'hidden', resumeOn: dashboardPath });
    expect(stepId(machine)).toBe('softSkills');
    machine.arrivedAt(personalProjectsPath);
    expect(machine.state.status).toBe('hidden');
    machine.arrivedAt(dashboardPath);
    expect(machine.state).toMatchObject({ status: 'active', resumeOn: null });
    expect(stepId(machine)).toBe('softSkills');
  });

  it('counts the steps of each tour apart: the project sub-tour does not swell the main count', () => {
    const { machine } = setUp();
    machine.start();
    expect(progressOf(machine.state)).toEqual({ current: 1, total: 13 });
    walkTo(machine, personalProjectsStepIndex);
    expect(progressOf(machine.state)).toEqual({ current: 9, total: 13 });
    machine.openPersonalProjects();
    vi.advanceTimersByTime(stepDelayMs);
    expect(stepId(machine)).toBe('projectList');
    expect(progressOf(machine.state)).toEqual({ current: 1, total: tours.projectCreation.length });
    walkTo(machine, personalProjectsStepIndex + tours.projectCreation.length);
    expect(progressOf(machine.state)).toEqual({ current: tours.projectCreation.length, total: tours.projectCreation.length });
    machine.fillProjectForm();
    machine.arrivedAt(dashboardPath);
    expect(progressOf(machine.state)).toEqual({ current: 10, total: 13 });
  });

  it('shows the candidate where sharing is: "my information" points at the settings', () => {
    expect(tours.main.find((step) => step.id === 'myInformation')?.target).toBe('nav-settings');
  });

  it('replays from the first step after it ended', () => {
    const { ports, machine } = setUp();
    machine.start();
    machine.decline();
    machine.start();
    expect(machine.state).toMatchObject({ status: 'active', tour: 'main', index: 0 });
    expect(ports.navigate).toHaveBeenLastCalledWith(dashboardPath);
  });

  it('only navigates when the step 8 button is used on another step', () => {
    const { ports, machine } = setUp();
    machine.start();
    walkTo(machine, 4);
    machine.openPersonalProjects();
    expect(ports.navigate).toHaveBeenLastCalledWith(personalProjectsPath);
    expect(machine.state).toMatchObject({ status: 'active', index: 4, steps: tours.main });
    vi.advanceTimersByTime(stepDelayMs * 2);
    expect(machine.state.index).toBe(4);
  });

  it('does not advance after the delay when the tour was cancelled meanwhile', () => {
    const { machine } = setUp();
    machine.start();
    walkTo(machine, personalProjectsStepIndex);
    machine.openPersonalProjects();
    machine.cancel();
    vi.advanceTimersByTime(stepDelayMs);
    expect(machine.state.status).toBe('cancelled');
  });

  it('runs a help tour where the candidate is, leaving the flag alone', () => {
    const { ports, machine } = setUp();
    machine.startHelp('education');
    expect(ports.navigate).not.toHaveBeenCalled();
    expect(stepId(machine)).toBe('educationName');
    walkTo(machine, tours.education.length - 1);
    machine.next();
    expect(machine.state.status).toBe('completed');
    machine.startHelp('car');
    machine.cancel();
    expect(machine.state.status).toBe('cancelled');
    expect(ports.confirmExit).not.toHaveBeenCalled();
    expect(ports.persistEnded).not.toHaveBeenCalled();
  });
});
