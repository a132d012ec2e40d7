import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useConfirm } from './confirm-dialog';
import { getSystem } from './system';

function DeleteButton() {
  const { confirm, dialog } = useConfirm();
  const [result, setResult] = useState('none');
  return (
    <ChakraProvider value={getSystem()}>
      <button
        type="button"
        onClick={async () =>
          setResult(String(await confirm({ message: 'Are you sure you want to delete this key?', destructive: true })))
        }
      >
        Delete
      </button>
      <output>{result}</output>
      {dialog}
    </ChakraProvider>
  );
}

describe('useConfirm', () => {
  it('resolves true on Confirm and false on Cancel', async () => {
    render(<DeleteButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Are you sure you want to delete this key?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('true'));

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('false'));
  });
});
