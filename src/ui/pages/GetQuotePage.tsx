/**
 * /get-quote, the three-step quote form (docs/product.md): locations, contact, then
 * services and the rest; JSON to users/state-service; on success the message and the reference,
 * then home after 3 seconds. The flow is quoteMachine; this page only renders and sends.
 */
import { Suspense } from 'react';
import { quotesApi } from '../../api/lazy';
import { quoteSuccess } from '../../api/contract/quoteRequest';
import {
  threeStepApartmentTypes,
  threeStepFloors,
  threeStepRoomCounts,
} from '../../api/contract/rules';
import { quoteMachine, quoteSteps } from '../../machines/quoteMachine';
import { usePageMeta } from '../components/PageMeta';
import { Waiting } from '../components/LoadStates';
import {
  ContactFields,
  DateFields,
  DeclaredValueField,
  DescriptionField,
  LocationFields,
  ServicesField,
  TermsField,
  useMovePreview,
} from '../quotes/QuoteFields';
import { PricePreview } from '../prices/PricePreview';
import { StepButtons } from '../quotes/StepButtons';
import { StepHeading } from '../quotes/StepHeading';
import { useQuoteFlow } from '../quotes/useQuoteFlow';
import '../quotes/quotes.css';
import { lazyPart } from '../components/lazyPart';

// The last step's photo picker (react-dropzone and its table of file types) loads when that step
// is first shown, not with the form (docs/architecture.md, "What a route loads").
const MediaFiles = lazyPart(
  () => import('../quotes/MediaFiles').then(({ MediaFiles }) => MediaFiles),
  'The photo picker',
);

const lists = {
  apartmentTypes: threeStepApartmentTypes,
  roomCounts: threeStepRoomCounts,
  floors: threeStepFloors,
};

const titles: Record<(typeof quoteSteps)[number]['name'], string> = {
  locations: 'Where are you moving?',
  contact: 'How can we reach you?',
  services: 'What do you need?',
};

export default function GetQuotePage() {
  usePageMeta('Get A Quote', 'Request a relocation quote in three short steps.');
  const flow = useQuoteFlow({
    machine: quoteMachine,
    steps: quoteSteps,
    draft: 'get-quote',
    submit: ({ quote }, extras) => quotesApi.stateService(quote, extras),
    successMessage: quoteSuccess.stateService,
    leaveTo: () => '/',
  });
  const { snapshot, step, busy, onSubmit } = flow;
  const result = snapshot.context.result;
  const preview = useMovePreview(flow, 'state_service');

  return (
    <section className="page">
      <h1>Get A Quote</h1>
      <div className="quote-progress">
        <p id="quote-progress-label">
          Step {step.index + 1} of {step.count}
        </p>
        <div
          className="progress"
          role="progressbar"
          aria-labelledby="quote-progress-label"
          aria-valuemin={0}
          aria-valuemax={step.count}
          aria-valuenow={step.index + 1}
        >
          <span style={{ width: `${((step.index + 1) / step.count) * 100}%` }} />
        </div>
      </div>
      {result ? (
        <div className="quote-success" role="status">
          <p>
            <strong>{result.message}</strong>
          </p>
          <p>
            Your reference number is{' '}
            <strong className="reference">{result.data.reference_number}</strong>. We have also
            emailed it to you.
          </p>
          <p>
            <span className="spinner" aria-hidden="true" /> Taking you to the home page…
          </p>
        </div>
      ) : (
        <form
          className="quote-form"
          onSubmit={onSubmit}
          noValidate
          aria-labelledby="quote-step-heading"
        >
          <fieldset disabled={busy}>
            <div id="quote-step-heading">
              <StepHeading stepName={step.name}>
                {titles[step.name as keyof typeof titles]}
              </StepHeading>
            </div>
            {step.name === 'locations' && (
              <>
                <LocationFields flow={flow} side="from" lists={lists} places={preview.places} />
                <LocationFields flow={flow} side="to" lists={lists} places={preview.places} />
              </>
            )}
            {step.name === 'contact' && <ContactFields flow={flow} required />}
            {step.name === 'services' && (
              <div className="quote-stack">
                <ServicesField flow={flow} />
                <DateFields flow={flow} required={false} />
                <DescriptionField flow={flow} />
                <DeclaredValueField flow={flow} />
                <Suspense fallback={<Waiting>Loading the photo picker…</Waiting>}>
                  <MediaFiles flow={flow} />
                </Suspense>
                <TermsField flow={flow} required />
              </div>
            )}
          </fieldset>
          <PricePreview
            preview={preview}
            waitingText="Choose where you move from and to (state and LGA) and your rooms to see an estimate."
          />
          <StepButtons flow={flow} />
        </form>
      )}
    </section>
  );
}
