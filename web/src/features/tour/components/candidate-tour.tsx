// The candidate's guided tutorial, mounted once in the candidate's area so
// that it carries on across pages (the project sub-tour runs on the personal
// projects page). It starts by itself, from /dashboard/candidate, when the
// user's `tour` flag and this device's are both on and the profile is loaded;
// ending it turns both off (tour-machine.ts says when). The forms ask for
// their help tour, and the help menu for a replay of the tutorial, through
// lib/help-tour.ts. Each page the candidate opens is told to the machine, so
// that a tour waiting for the dashboard shows again there.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { onHelpTourRequest, onTutorialReplayRequest } from '@/lib/help-tour';
import { switchLocale } from '@/lib/i18n';
import { type SessionUser, setSessionUser, useSession } from '@/lib/session';
import { endTour } from '../api/end-tour';
import { createDriverRenderer, type TourTexts } from '../driver-adapter';
import { localTourOn, setLocalTourOff } from '../local-flag';
import { TourMachine } from '../tour-machine';

type Latest = { texts: TourTexts; confirmMessage: string; navigate: (path: string) => void; user: SessionUser | null };

export function CandidateTour() {
  const { t } = useTranslation('tour');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { user, candidate } = useSession();
  const machineRef = useRef<TourMachine | null>(null);

  const texts: TourTexts = {
    title: (step) => t(`steps.${step.id}.title`),
    text: (step) => t(`steps.${step.id}.text`),
    progress: (current, total) => t('progress', { current, total }),
    next: t('next'),
    back: t('back'),
    close: t('close'),
    letsGo: t('letsGo'),
    noThanks: t('noThanks'),
    openProjects: t('openProjects'),
    fillProjectForm: t('fillProjectForm'),
    finish: t('finish'),
    locales: [
      { locale: 'fr', flag: 'fr', label: t('common:language.fr') },
      { locale: 'en', flag: 'gb', label: t('common:language.en') },
    ],
  };
  const current = { texts, confirmMessage: t('CONFIRM_EXIT_TUTO'), navigate: (path: string) => void navigate(path), user };
  // what the machine's ports read when they are called, kept current after every render
  const latest = useRef<Latest>(current);
  useLayoutEffect(() => {
    latest.current = current;
  });

  useEffect(() => {
    const renderer = createDriverRenderer(
      () => machine,
      () => latest.current.texts,
    );
    const machine = new TourMachine({
      navigate: (path) => latest.current.navigate(path),
      persistEnded: () => {
        setLocalTourOff();
        const sessionUser = latest.current.user;
        if (sessionUser) setSessionUser({ ...sessionUser, tour: false });
        endTour().catch(() => undefined);
      },
      confirmExit: () => window.confirm(latest.current.confirmMessage),
      setLocale: (locale) => void switchLocale(locale),
      render: (snapshot) => renderer.render(snapshot),
    });
    machineRef.current = machine;
    const stopHelpTours = onHelpTourRequest((tour) => machine.startHelp(tour));
    const stopReplays = onTutorialReplayRequest(() => machine.start());
    return () => {
      stopHelpTours();
      stopReplays();
      renderer.dispose();
    };
  }, []);

  const offered = user?.isCandidate === true && user.tour && candidate?.status === 'ready';
  useEffect(() => {
    const machine = machineRef.current;
    if (!offered || !machine || machine.state.status !== 'idle' || !localTourOn()) return;
    machine.start();
  }, [offered]);

  useEffect(() => {
    machineRef.current?.arrivedAt(pathname);
  }, [pathname]);

  return null;
}
