/** /get-quote, the 3-step form: quoteMachine's graph paths through the page, against the real server. */
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { quoteMachine, quoteSteps } from '../../src/machines/quoteMachine';
import { threeStepChanges, threeStepQuote } from '../support/fixtures/quotes';
import { main, nodeFile } from '../support/view/quoteDriver';
import { quoteGraphViewSuite } from '../support/view/quoteGraphView';

const chosen = () => main().queryByRole('list', { name: 'Chosen files' });

quoteGraphViewSuite('/get-quote', {
  machine: quoteMachine,
  steps: quoteSteps,
  values: threeStepQuote(),
  changes: threeStepChanges(),
  path: '/get-quote',
  title: 'Get A Quote',
  headings: {
    locations: 'Where are you moving?',
    contact: 'How can we reach you?',
    services: 'What do you need?',
  },
  media: {
    step: 'services',
    field: 'files',
    label: /^Photos or videos$/,
    rejected: ['File type must be one of image/*, video/*'],
    // The picker honours `accept`; a dropped file does not.
    pickWrongFile: (picker) =>
      fireEvent.drop(picker.parentElement!, {
        dataTransfer: {
          files: [nodeFile('plain text', 'notes.txt', 'text/plain')],
          types: ['Files'],
        },
      }),
    shownFiles: () =>
      chosen()
        ? within(chosen()!)
            .getAllByRole('listitem')
            .map((item) => item.firstChild!.textContent!)
        : [],
    removeFirstFile: (user) =>
      user.click(within(chosen()!).getAllByRole('button', { name: /^Remove / })[0]!),
  },
  successMessage: 'State service created successfully',
  leavesTo: '/',
  expectSuccess: () => {
    const status = main().getByRole('status');
    expect(status).toHaveTextContent('State service created successfully');
    expect(within(status).getByText(/^RL-/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  },
});
