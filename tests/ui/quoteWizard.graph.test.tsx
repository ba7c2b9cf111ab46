/** /interstate-quote, the 5-step wizard: quoteWizardMachine's graph paths through the page, against the real server. */
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { quoteWizardMachine, quoteWizardSteps } from '../../src/machines/quoteWizardMachine';
import { fiveStepChanges, fiveStepQuote } from '../machines/quoteFixtures';
import { button, main, nodeFile } from './quoteDriver';
import { quoteGraphViewSuite } from './quoteGraphView';

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
  media: {
    step: 'uploadMedia',
    field: 'file',
    label: /Photo of your items/,
    rejected: ['File type must be image/*'],
    // Dropped as a user could; the picker's own accept filter would hide the wrong kind.
    pickWrongFile: (picker) =>
      userEvent
        .setup({ applyAccept: false })
        .upload(picker, nodeFile('plain text', 'notes.txt', 'text/plain')),
  },
  shownFiles: () =>
    main()
      .queryAllByRole('img', { name: /^Preview of / })
      .map((image) => image.getAttribute('alt')!.replace('Preview of ', '')),
  removeFirstFile: (user) => user.click(button('Remove image')),
  successMessage: 'State service created successfully',
  leavesTo: '/thank-you',
  // The wizard stays on the page, busy, until it leaves.
  expectSuccess: () => expect(main().getByRole('button', { name: 'Submitting...' })).toBeDisabled(),
});
