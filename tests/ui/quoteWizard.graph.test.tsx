/**
 * /interstate-quote, the 5-step wizard: quoteWizardMachine's graph paths through the page, against
 * the real server. Once the photo step has been shown, the quote goes through the photo upload
 * (src/ui/photos): its progress shows while it is sent, and a dropped connection waits for Try
 * again until the person cancels, which gives the form back. The photo itself is the upload's
 * machine's (tests/machines/photoUpload.test.ts) and goes in tests/e2e/quotes.test.ts.
 */
import { expect } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { SENDING_STOPPED } from '../../src/machines/photoUploadMachine';
import { quoteWizardMachine, quoteWizardSteps } from '../../src/machines/quoteWizardMachine';
import { fiveStepChanges, fiveStepQuote } from '../support/fixtures/quotes';
import { button, main } from '../support/view/quoteDriver';
import { quoteGraphViewSuite } from '../support/view/quoteGraphView';

const titles = [
  'Current Location',
  'Destination',
  'Contact Details',
  'Upload Media',
  'Additional Information',
];

quoteGraphViewSuite('/interstate-quote', {
  machine: quoteWizardMachine,
  steps: quoteWizardSteps,
  values: fiveStepQuote(),
  changes: fiveStepChanges(),
  path: '/interstate-quote',
  title: 'Inter-state relocation quote',
  headings: Object.fromEntries(
    quoteWizardSteps.map(({ name }, index) => [name, `Step ${index + 1} of 5: ${titles[index]}`]),
  ),
  dropped: {
    error: new ApiError([SENDING_STOPPED]),
    then: async (user) => {
      const alert = await main().findByRole('alert');
      expect(alert).toHaveTextContent(/The form was not sent: the connection dropped/);
      expect(button('Try again')).toBeEnabled();
      await user.click(button('Cancel'));
    },
  },
  // The photo upload's picker, whose code loads with the step; from then on the quote goes through it.
  expectOnStep: {
    uploadMedia: () =>
      expect(main().getByRole('button', { name: /^Photo of your items/ })).toBeVisible(),
  },
  expectSending: () => {
    expect(main().getByRole('progressbar', { name: /^Sending the form… \d+ %$/ })).toBeVisible();
    expect(button('Cancel')).toBeEnabled();
  },
  successMessage: 'State service created successfully',
  leavesTo: '/thank-you',
  // The wizard stays on the page, busy, until it leaves.
  expectSuccess: () => expect(main().getByRole('button', { name: 'Submitting...' })).toBeDisabled(),
});
