// The operator pages' tests find an account's row by its address.
import { screen } from '@testing-library/react';

export async function accountRow(email: string): Promise<HTMLElement> {
  const rows = await screen.findAllByTestId('admin-account');
  const row = rows.find((candidate) => candidate.getAttribute('data-email') === email);
  if (!row) throw new Error(`no row for ${email}`);
  return row;
}
