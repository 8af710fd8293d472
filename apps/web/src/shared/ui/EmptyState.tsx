import type { ReactNode } from 'react';

/** An honest empty state: a quiet illustration, the text, and an optional action. */
export function EmptyState({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <div className="ph-empty" role="status">
      <svg className="ph-empty-art" viewBox="0 0 64 64" aria-hidden="true">
        <circle cx="32" cy="32" r="30" fill="#EAF6FF" />
        <ellipse cx="32" cy="39" rx="10" ry="8" fill="#9ED8FF" />
        <circle cx="20" cy="27" r="4.5" fill="#9ED8FF" />
        <circle cx="27" cy="20" r="4.5" fill="#9ED8FF" />
        <circle cx="37" cy="20" r="4.5" fill="#9ED8FF" />
        <circle cx="44" cy="27" r="4.5" fill="#9ED8FF" />
      </svg>
      <p className="ph-empty-text">{text}</p>
      {action}
    </div>
  );
}
