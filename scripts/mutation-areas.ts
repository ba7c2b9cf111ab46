/**
 * The areas `npm run test:mutation` measures (docs/testing.md, "Mutation scores"). An area is a few
 * source files and the few test files that exercise them: a machine definition is module-level
 * code, so most of its mutants are static and Stryker reruns every test the area's vitest config
 * holds for each of them. Keeping each area's tests to the files that use its sources keeps a run
 * in minutes.
 *
 * To measure more code, add an area (or a file to an area): `mutate` takes globs, `tests` names
 * test files, and the test environment follows the folder (tests/machines node, tests/ui jsdom,
 * tests/api node with the real server on the embedded database).
 */
export interface MutationArea {
  name: string;
  /** Files (globs allowed) whose mutants this area counts. */
  mutate: string[];
  /** Test files that should kill them: the machine's graph suite, its view test, the API tests that reach the module. */
  tests: string[];
  /** The score the area is held to (issue 25): 85 for machines, 75 for the server modules. */
  goal: number;
}

const machine = (name: string, machineFile: string, tests: string[]): MutationArea => ({
  name,
  mutate: [`src/machines/${machineFile}.ts`],
  tests,
  goal: 85,
});

/** Each machine with its graph suite (tests/machines), the most used flows first. */
const machineAreas: MutationArea[] = [
  machine('offerDecision', 'offerDecisionMachine', ['tests/machines/offerDecision.test.ts']),
  machine('receiverList', 'receiverListMachine', ['tests/machines/receiverList.test.ts']),
  machine('passwordReset', 'passwordResetMachine', ['tests/machines/passwordReset.test.ts']),
  machine('login', 'loginMachine', ['tests/machines/login.test.ts']),
  machine('signup', 'signupMachine', ['tests/machines/signup.test.ts']),
  machine('session', 'sessionMachine', ['tests/machines/session.test.ts']),
  machine('emailVerification', 'emailVerificationMachine', [
    'tests/machines/emailVerification.test.ts',
  ]),
  machine('resendOtp', 'resendOtpMachine', ['tests/machines/resendOtp.test.ts']),
  machine('quote', 'quoteMachine', ['tests/machines/quoteMachine.test.ts']),
  machine('quoteWizard', 'quoteWizardMachine', ['tests/machines/quoteWizardMachine.test.ts']),
  machine('quoteSteps', 'quoteSteps', [
    'tests/machines/quoteMachine.test.ts',
    'tests/machines/quoteWizardMachine.test.ts',
  ]),
  machine('instantDelivery', 'instantDeliveryMachine', ['tests/machines/instantDelivery.test.ts']),
  machine('scheduledDelivery', 'scheduledDeliveryMachine', [
    'tests/machines/scheduledDelivery.test.ts',
  ]),
  machine('bulkDelivery', 'bulkDeliveryMachine', ['tests/machines/bulkDelivery.test.ts']),
  machine('packageDetails', 'packageDetailsMachine', [
    'tests/machines/packageDetailsMachine.test.ts',
  ]),
  machine('form', 'formMachine', ['tests/machines/formMachine.test.ts']),
  machine('tracking', 'trackingMachine', ['tests/machines/trackingMachine.test.ts']),
  machine('trackingTimeline', 'trackingTimelineMachine', [
    'tests/machines/trackingTimeline.test.ts',
  ]),
  machine('orders', 'ordersMachine', ['tests/machines/ordersMachine.test.ts']),
  machine('orderPage', 'orderPageMachine', ['tests/machines/orderPage.test.ts']),
  machine('orderChanges', 'orderChangesMachine', ['tests/machines/orderChanges.test.ts']),
  machine('profileUpdate', 'profileUpdateMachine', ['tests/machines/profileUpdateMachine.test.ts']),
  machine('changePassword', 'changePasswordMachine', [
    'tests/machines/changePasswordMachine.test.ts',
  ]),
  machine('deactivateAccount', 'deactivateAccountMachine', [
    'tests/machines/deactivateAccountMachine.test.ts',
  ]),
  machine('application', 'applicationMachine', ['tests/machines/application.test.ts']),
  machine('applicationStatus', 'applicationStatusMachine', [
    'tests/machines/applicationStatus.test.ts',
  ]),
  machine('handoverReview', 'handoverReviewMachine', ['tests/machines/handoverReview.test.ts']),
  machine('staffList', 'staffListMachine', ['tests/machines/staffList.test.ts']),
  machine('staffOrderActions', 'staffOrderActionsMachine', [
    'tests/machines/staffOrderActions.test.ts',
  ]),
  machine('csvDownload', 'csvDownloadMachine', ['tests/machines/csvDownload.test.ts']),
  machine('staffOverview', 'staffOverviewMachine', ['tests/machines/staffOverview.test.ts']),
  machine('staffShell', 'staffShellMachine', ['tests/machines/staffShell.test.ts']),
  machine('orderPayment', 'orderPaymentMachine', ['tests/machines/orderPayment.test.ts']),
  machine('pricePreview', 'pricePreviewMachine', ['tests/machines/pricePreview.test.ts']),
  machine('tariffEditor', 'tariffEditorMachine', ['tests/machines/tariffEditor.test.ts']),
  machine('newsletter', 'newsletterMachine', ['tests/machines/newsletter.test.ts']),
  machine('faq', 'faqMachine', ['tests/machines/faq.test.ts']),
  machine('menu', 'menuMachine', ['tests/machines/menu.test.ts']),
  machine('stickyBar', 'stickyBarMachine', ['tests/machines/stickyBar.test.ts']),
  machine('typedHeadline', 'typedHeadlineMachine', ['tests/machines/typedHeadline.test.ts']),
  // The helpers every form flow shares, through the flows that use most of them. Not through
  // passwordReset: its 3,546 paths rerun for every static mutant took most of an hour.
  {
    name: 'formHelpers',
    mutate: [
      'src/machines/formFields.ts',
      'src/machines/submitLifecycle.ts',
      'src/machines/providedByView.ts',
    ],
    tests: [
      'tests/machines/formMachine.test.ts',
      'tests/machines/login.test.ts',
      'tests/machines/bulkDelivery.test.ts',
      'tests/machines/offerDecision.test.ts',
    ],
    goal: 85,
  },
];

/** The server modules that decide money, access and orders, with the API tests that reach them. */
const serverAreas: MutationArea[] = [
  {
    name: 'server-orders',
    mutate: [
      'server/orders/orders.ts',
      // The order's use cases: one cancel, one status move, one answer to a price, new dates
      // under the fee rule (docs/decisions/cancellation-fee.md), prices and their corrections.
      'server/orders/cancel.ts',
      'server/orders/status-move.ts',
      'server/orders/offer-answer.ts',
      'server/orders/customer-changes.ts',
      'server/orders/staff-offers.ts',
    ],
    tests: [
      'tests/api/cancellation-fee.test.ts',
      'tests/api/offers.test.ts',
      'tests/api/offer-safety.test.ts',
      'tests/api/my-orders.test.ts',
      // Status moves, the staff view and quotes' details; the price or estimate an order shows.
      'tests/api/staff.test.ts',
      'tests/api/prices.test.ts',
      // Shipping an unpaid order (status-move.ts) is checked with the money, beside the payments.
      'tests/api/payments.test.ts',
    ],
    goal: 75,
  },
  {
    name: 'server-codes',
    mutate: [
      'server/accounts/codes.ts',
      'server/accounts/code-limits.ts',
      'server/accounts/login-throttle.ts',
    ],
    tests: [
      'tests/api/code-limits.test.ts',
      'tests/api/account-security.test.ts',
      'tests/api/passwords.test.ts',
      'tests/api/throttle-and-replay-rules.test.ts',
    ],
    goal: 75,
  },
  {
    name: 'server-idempotency',
    mutate: ['server/orders/idempotency.ts'],
    tests: ['tests/api/idempotency.test.ts', 'tests/api/throttle-and-replay-rules.test.ts'],
    goal: 75,
  },
  // The price function the browser and the server share: its table of cases, no server needed.
  {
    name: 'pricing',
    mutate: ['src/api/pricing.ts'],
    tests: ['tests/api/pricing.test.ts'],
    goal: 75,
  },
  {
    name: 'server-payments',
    mutate: [
      'server/money/payments.ts',
      'server/money/balances.ts',
      'server/money/paystack-signature.ts',
      'server/money/refunds.ts',
      'server/money/receipts.ts',
      // The books outlive a deleted account (docs/decisions/deleted-accounts.md).
      'server/accounts/account-deletion.ts',
    ],
    tests: [
      'tests/api/payments.test.ts',
      'tests/api/payments-contract.test.ts',
      'tests/api/money-books.test.ts',
      'tests/api/cancellation-fee.test.ts',
    ],
    goal: 75,
  },
  {
    name: 'server-prices',
    mutate: ['server/money/order-price.ts', 'server/money/tariff.ts'],
    tests: ['tests/api/prices.test.ts'],
    goal: 75,
  },
];

export const mutationAreas: MutationArea[] = [...machineAreas, ...serverAreas];

export function mutationArea(name: string): MutationArea {
  const area = mutationAreas.find((candidate) => candidate.name === name);
  if (!area)
    throw new Error(
      `No mutation area "${name}". Areas: ${mutationAreas.map((known) => known.name).join(', ')}`,
    );
  return area;
}
