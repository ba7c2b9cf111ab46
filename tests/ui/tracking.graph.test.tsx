/**
 * /track: the paths of trackingMachine's graph through its page (./formGraphView.ts), against the
 * real server: the code typed for the graph's sample is a real booking's reference, and a success
 * goes to its package details at once.
 */
import { calls, trackingRequest } from '../../src/api/contract';
import { ApiError } from '../../src/api/errors';
import { trackingMachine } from '../../src/machines/trackingMachine';
import { UNREACHABLE_MESSAGE } from '../../src/ui/tracking/lookup';
import { UNKNOWN_REFERENCE } from '../../server/routes/tracking';
import { signUp } from '../support/api';
import type { TestServer } from '../support/server';
import { bookDelivery } from '../support/shipments';
import { formGraphViewSuite } from '../support/view/formGraphView';

const SAMPLE_REFERENCE = 'RL-ABCDEFGH23';
let booked: Promise<string> | undefined;
const referenceOn = (server: TestServer) =>
  (booked ??= signUp(server).then((customer) => bookDelivery(server, customer.token)));

formGraphViewSuite('/track', {
  machine: trackingMachine,
  schema: trackingRequest,
  path: '/track',
  title: 'Track a shipment',
  labels: { reference_id: 'Tracking Code' },
  values: { reference_id: '' },
  field: 'reference_id',
  valid: SAMPLE_REFERENCE,
  invalid: '   ',
  button: 'Track',
  busyLabel: 'Tracking...',
  successMessage: calls.trackingStatus.success,
  leavesTo: '/package-details',
  redirectDelay: 0,
  output: { reference_number: SAMPLE_REFERENCE },
  refusal: {
    status: 404,
    body: { message: UNKNOWN_REFERENCE },
    error: new ApiError([UNKNOWN_REFERENCE], { reference_id: [UNKNOWN_REFERENCE] }, 404),
  },
  unanswered: new ApiError([UNREACHABLE_MESSAGE], { reference_id: [UNREACHABLE_MESSAGE] }),
  arrange: async (server) => {
    const reference = await referenceOn(server);
    return { typed: (_, sample) => (sample === SAMPLE_REFERENCE ? reference : sample) };
  },
});
