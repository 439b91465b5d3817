// The answers of a test in progress, kept on this device as the candidate
// goes (one entry per user), so that leaving the page or reloading resumes
// where they were; sending the test clears them. Nothing partial is stored on
// the server: a result there is always a complete test.
export type SavedAnswers = {
  /** Question id to the id of the answer picked. */
  answers: Record<number, number>;
  /** The position (0-based) of the question shown. */
  current: number;
};

const key = (userId: number) => `vivier.disc.${userId}`;

export const emptyAnswers: SavedAnswers = { answers: {}, current: 0 };

export function loadAnswers(storage: Storage, userId: number): SavedAnswers {
  try {
    const value = JSON.parse(storage.getItem(key(userId)) ?? 'null') as Partial<SavedAnswers> | null;
    if (value === null || typeof value !== 'object' || typeof value.answers !== 'object' || value.answers === null) {
      return emptyAnswers;
    }
    const answers: Record<number, number> = {};
    for (const [question, answer] of Object.entries(value.answers)) {
      if (Number.isInteger(Number(question)) && Number.isInteger(answer)) answers[Number(question)] = answer;
    }
    const current = Number.isInteger(value.current) && (value.current as number) >= 0 ? (value.current as number) : 0;
    return { answers, current };
  } catch {
    return emptyAnswers;
  }
}

export function saveAnswers(storage: Storage, userId: number, saved: SavedAnswers): void {
  try {
    storage.setItem(key(userId), JSON.stringify(saved));
  } catch {
    // storage full or refused: the test still works, it just won't resume
  }
}

export function clearAnswers(storage: Storage, userId: number): void {
  try {
    storage.removeItem(key(userId));
  } catch {
    // nothing to clear
  }
}

/** The first question (0-based) without an answer, or null when all are answered. */
export function firstUnanswered(questionIds: readonly number[], answers: Record<number, number>): number | null {
  const index = questionIds.findIndex((id) => answers[id] === undefined);
  return index === -1 ? null : index;
}
