// @vitest-environment jsdom
// The field components own their label, hint and error, and tie them to the
// control: the hint and the error describe it, the error marks it invalid.
// They forward their ref, so react-hook-form's register() works on them.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckboxField } from './checkbox-field';
import { ChoiceChips } from './choice-chips';
import { SelectField } from './select-field';
import { TextAreaField } from './text-area-field';
import { TextField } from './text-field';

/** The texts of the elements that describe `element`, in order. */
function descriptions(element: HTMLElement): string[] {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? `missing #${id}`);
}

describe('field components', () => {
  afterEach(cleanup);

  it('label a text input and describe it by its hint, then its error', () => {
    render(<TextField id="email" label="Email" hint="Your work address" error="Enter a valid email address." />);
    const input = screen.getByLabelText('Email');
    expect(input.id).toBe('email');
    expect(descriptions(input)).toEqual(['Your work address', 'Enter a valid email address.']);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('leave a valid control without aria-invalid or description', () => {
    render(<TextField label="City" />);
    const input = screen.getByLabelText('City');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });

  it('add an extra description between the hint and the error', () => {
    render(
      <TextField id="password" label="Password" hint="10 characters" describedBy="password-policy" error="Too weak.">
        <p id="password-policy">Letters and digits</p>
      </TextField>,
    );
    expect(descriptions(screen.getByLabelText('Password'))).toEqual(['10 characters', 'Letters and digits', 'Too weak.']);
  });

  it('wire selects, text areas and checkboxes the same way', () => {
    render(
      <>
        <SelectField label="Contract" placeholder="Choose…" options={[{ value: 1, label: 'Internship' }]} error="Required." />
        <TextAreaField label="Description" hint="Optional" />
        <CheckboxField label="I accept" error="You must accept." />
      </>,
    );
    const select = screen.getByLabelText('Contract');
    expect(descriptions(select)).toEqual(['Required.']);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose…', 'Internship']);
    expect(descriptions(screen.getByLabelText('Description'))).toEqual(['Optional']);
    const box = screen.getByRole('checkbox', { name: 'I accept' });
    expect(descriptions(box)).toEqual(['You must accept.']);
    expect(box.getAttribute('aria-invalid')).toBe('true');
  });

  it('describe a group of chips by its hint and error', () => {
    render(
      <ChoiceChips
        legend="Families"
        name="families"
        options={[{ id: 1, name: 'Rigour' }]}
        selected={[]}
        onToggle={() => undefined}
        hint="At least one"
        error="Choose one."
      />,
    );
    const group = screen.getByRole('group', { name: 'Families' });
    expect(descriptions(group)).toEqual(['At least one', 'Choose one.']);
    expect(group.getAttribute('data-name')).toBe('families');
  });

  it('work with register() of react-hook-form', async () => {
    let submitted: unknown = null;
    function Form() {
      const { register, handleSubmit } = useForm({ defaultValues: { email: '', consent: false } });
      return (
        <form onSubmit={handleSubmit((values) => (submitted = values))}>
          <TextField label="Email" {...register('email')} />
          <CheckboxField label="Consent" {...register('consent')} />
          <button type="submit">Send</button>
        </form>
      );
    }
    render(<Form />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.fr' } });
    fireEvent.click(screen.getByLabelText('Consent'));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(submitted).toEqual({ email: 'a@b.fr', consent: true }));
  });
});
