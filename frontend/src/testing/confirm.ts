import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * Answers the confirmation dialog that a row action opened: waits for it, checks its question when
 * given, then clicks the button named `answer` ('Cancel', 'Delete', 'Rotate'...).
 */
export async function answerConfirm(user: UserEvent, answer: string, question?: string) {
  const dialog = within(await screen.findByRole('alertdialog'));
  if (question !== undefined) expect(dialog.getByText(question)).toBeTruthy();
  await user.click(dialog.getByRole('button', { name: answer }));
}
