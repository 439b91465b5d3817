// The rules of the two texts the contacts feature writes, mirroring the
// server's (its bounds, read from src/api/bounds.ts): a contact request's
// message (20 to 2,000 characters) and a message of a conversation (1 to
// 5,000). The server trims the text and counts characters (code points, so an
// emoji is one), and so do these rules and the counter under the field.
import { z } from 'zod';
import { apiBounds } from '@/api/bounds';

export const contactMessageBounds = apiBounds.ContactRequestCreate.message;
export const conversationMessageBounds = apiBounds.MessageCreate.body;

/** The length of `text` as the server counts it: the characters of the trimmed text. */
export function characterCount(text: string): number {
  return [...text.trim()].length;
}

/** The rule `text` breaks against `bounds`, or null when it keeps them. */
export function textRule(text: string, bounds: { minLength: number; maxLength: number }): 'required' | 'too_short' | 'too_long' | null {
  const count = characterCount(text);
  if (count === 0) return 'required';
  if (count < bounds.minLength) return 'too_short';
  if (count > bounds.maxLength) return 'too_long';
  return null;
}

function boundedText(bounds: { minLength: number; maxLength: number }) {
  return z.string().superRefine((value, context) => {
    const rule = textRule(value, bounds);
    if (rule !== null) context.addIssue({ code: 'custom', message: rule });
  });
}

/** The contact dialog's form: the message, and the offer it is about ('' for none). */
export const contactRequestSchema = z.object({
  message: boundedText(contactMessageBounds),
  offerId: z.string(),
});

export type ContactRequestValues = z.infer<typeof contactRequestSchema>;

/** The composer of a conversation. */
export const conversationMessageSchema = z.object({ body: boundedText(conversationMessageBounds) });

export type ConversationMessageValues = z.infer<typeof conversationMessageSchema>;
