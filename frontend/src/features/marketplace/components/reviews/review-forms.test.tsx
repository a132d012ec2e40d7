import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { getSystem } from '@/components/ui/system';
import { ReviewForm } from './review-form';
import { ReviewTextForm } from './review-text-form';

const renderForm = (form: ReactElement) => render(<ChakraProvider value={getSystem()}>{form}</ChakraProvider>);

describe('the review form', () => {
  it('asks for a rating first, then sends the rating with the trimmed title and no blank text', async () => {
    const onSubmit = vi.fn(async () => {});
    renderForm(<ReviewForm submitLabel="Submit review" onSubmit={onSubmit} />);
    // The radios are required: a browser refuses to submit; the form says why if it is submitted anyway.
    fireEvent.submit(screen.getByRole('form', { name: 'Your review' }));
    expect(await screen.findByText('Choose a rating from 1 to 5 stars')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.click(screen.getByLabelText('4 stars'));
    await userEvent.type(screen.getByLabelText('Title (optional)'), '  Quick to set up  ');
    await userEvent.type(screen.getByLabelText('Review (optional)'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ rating: 4, title: 'Quick to set up', text: undefined }),
    );
    expect(screen.queryByText('Choose a rating from 1 to 5 stars')).toBeNull();
  });

  it("shows the server's detail when saving fails, and starts from the review being edited", async () => {
    const onSubmit = vi.fn(async () => {
      throw new Error('network');
    });
    renderForm(
      <ReviewForm
        initial={{ rating: 2, title: 'Slow setup', text: null }}
        submitLabel="Save review"
        onSubmit={onSubmit}
      />,
    );
    expect((screen.getByLabelText('2 stars') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Title (optional)') as HTMLInputElement).value).toBe('Slow setup');
    await userEvent.click(screen.getByRole('button', { name: 'Save review' }));
    expect(await screen.findByText('Your review could not be saved')).toBeTruthy();
    expect(onSubmit).toHaveBeenCalledWith({ rating: 2, title: 'Slow setup', text: undefined });
  });
});

describe("a review's reply and hide forms", () => {
  it("send the trimmed text, and a blank one is refused in the API's words", async () => {
    const onSubmit = vi.fn(async () => {});
    renderForm(<ReviewTextForm kind="reply" onSubmit={onSubmit} onCancel={() => {}} />);
    fireEvent.change(screen.getByLabelText(/Your reply/), { target: { value: '   ' } });
    await userEvent.click(screen.getByRole('button', { name: 'Publish reply' }));
    expect(await screen.findByText('Reply is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/Your reply/), { target: { value: '  Thanks, fixed in 3.2.  ' } });
    await userEvent.click(screen.getByRole('button', { name: 'Publish reply' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('Thanks, fixed in 3.2.'));
  });

  it('hides with a reason, and says when that did not work', async () => {
    const onSubmit = vi.fn(async () => {
      throw new Error('network');
    });
    renderForm(<ReviewTextForm kind="hide" onSubmit={onSubmit} onCancel={() => {}} />);
    fireEvent.change(screen.getByLabelText(/Reason \(mailed to the author\)/), { target: { value: 'Spam' } });
    await userEvent.click(screen.getByRole('button', { name: 'Hide review' }));
    expect(await screen.findByText('That did not work: try again')).toBeTruthy();
    expect(onSubmit).toHaveBeenCalledWith('Spam');
  });
});
