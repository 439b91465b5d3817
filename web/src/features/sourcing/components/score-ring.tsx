// A hit's score (0–100) as a ring, the number inside.
import '../styles/score.css';

export function ScoreRing({ score, label }: { score: number | null; label: string }) {
  const value = score === null ? 0 : Math.max(0, Math.min(100, score));
  const circumference = 2 * Math.PI * 20;
  const tone = value >= 75 ? 'high' : value >= 50 ? 'medium' : 'low';
  return (
    <div className="score-ring" data-tone={score === null ? 'none' : tone} role="img" aria-label={label}>
      <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <circle className="score-ring__track" cx="24" cy="24" r="20" />
        <circle
          className="score-ring__value"
          cx="24"
          cy="24"
          r="20"
          strokeDasharray={`${(value / 100) * circumference} ${circumference}`}
          transform="rotate(-90 24 24)"
        />
      </svg>
      <span className="score-ring__number" aria-hidden="true">
        {score === null ? '–' : Math.round(value)}
      </span>
    </div>
  );
}
