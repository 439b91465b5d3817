// The messages of a thread, oldest first: the caller's on one side, the other
// side's on the other, each with who wrote it (said to screen readers, the
// side shows it on screen), when, and for the caller's own whether it was
// read. A log: a screen reader reads out the messages that arrive. Plain text
// with its line breaks, never HTML nor links. Scrolled to the newest message
// whenever one arrives.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-date';
import type { Message } from '../api/get-conversation';

export function ThreadMessages({ messages, name }: { messages: readonly Message[]; name: string }) {
  const { t, i18n } = useTranslation('contacts');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const logRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length]);

  return (
    <div ref={logRef} className="thread__log" role="log" aria-label={t('thread.log', { name })} data-testid="thread-messages">
      {messages.length === 0 ? (
        <p className="thread__empty">{t('thread.empty')}</p>
      ) : (
        <ol className="thread__messages">
          {messages.map((message) => (
            <li key={message.id} className="message" data-mine={message.mine} data-testid="message">
              <p className="message__body">
                <span className="visually-hidden">{message.mine ? t('thread.you') : t('thread.them', { name })}</span>
                {message.body}
              </p>
              <p className="message__meta">
                <time dateTime={message.created_at}>{formatDateTime(message.created_at, locale)}</time>
                {message.mine && message.read && <span>{t('thread.read')}</span>}
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
