// The texts' rules count as the server does: trimmed, in characters (an emoji
// is one), between the bounds of the OpenAPI document.
import { describe, expect, it } from 'vitest';
import { characterCount, contactMessageBounds, contactRequestSchema, conversationMessageBounds, textRule } from './message-rules';

describe('message rules', () => {
  it('count the characters of the trimmed text', () => {
    expect(characterCount('  Bonjour  ')).toBe(7);
    expect(characterCount('🙂🙂')).toBe(2);
  });

  it('use the bounds of the server', () => {
    expect(contactMessageBounds).toMatchObject({ minLength: 20, maxLength: 2000 });
    expect(conversationMessageBounds).toMatchObject({ minLength: 1, maxLength: 5000 });
  });

  it('name the rule a text breaks', () => {
    expect(textRule('   ', contactMessageBounds)).toBe('required');
    expect(textRule('Bonjour Camille', contactMessageBounds)).toBe('too_short');
    expect(textRule('x'.repeat(2001), contactMessageBounds)).toBe('too_long');
    expect(textRule(`${'x'.repeat(2000)}  `, contactMessageBounds)).toBeNull();
    expect(textRule('🙂', conversationMessageBounds)).toBeNull();
  });

  it('give the contact form one issue, with its rule code', () => {
    const result = contactRequestSchema.safeParse({ message: 'trop court', offerId: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['message', 'too_short']]);
  });
});
