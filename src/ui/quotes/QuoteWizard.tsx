/**
 * The five-step relocation quote wizard (docs/product.md) behind /interstate-quote, /local-quote
 * and /office-quote: Radix tabs that only Back and Next switch, one optional photo, multipart to
 * the route's call; on success the route's toast, then /thank-you with the reference after 3 s.
 * The flow is quoteWizardMachine; the photo, shrunk on the phone and sent with the quote and its
 * progress, is the photo upload's (src/ui/photos). This only renders and sends.
 */
import { Suspense, useRef, useState, type ReactNode } from 'react';
import { quotesApi } from '../../api/lazy';
import { quoteSuccess } from '../../api/contract/quoteRequest';
import type { QuoteRequest } from '../../api/contract';
import {
  fiveStepApartmentTypes,
  fiveStepFloors,
  fiveStepRoomCounts,
} from '../../api/contract/rules';
import { quoteWizardMachine, quoteWizardSteps } from '../../machines/quoteWizardMachine';
import { Waiting } from '../components/LoadStates';
import { usePageMeta } from '../components/PageMeta';
import {
  ContactFields,
  DateFields,
  DeclaredValueField,
  DescriptionField,
  LocationFields,
  ServicesField,
  TermsField,
  useMovePreview,
} from './QuoteFields';
import { PricePreview } from '../prices/PricePreview';
import { StepButtons } from './StepButtons';
import { StepHeading } from './StepHeading';
import { useQuoteFlow } from './useQuoteFlow';
import type { SubmissionExtras } from '../components/useFormFlow';
import { pricedThankYou } from '../delivery/booking';
import type {
  PhotoUpload as PhotoUploadView,
  PhotoUploadHandle,
  SendWithPhoto,
} from '../photos/PhotoUpload';
import type { QuoteResult } from '../../machines/quoteSteps';
import './quotes.css';
import { lazyPart } from '../components/lazyPart';

// The photo step's picker and upload (react-dropzone and its table of file types, the photo's
// machine and progress) load when that step is first shown, not with the form
// (docs/architecture.md, "What a route loads").
// (`lazy` drops the component's type parameters: it is typed as itself.)
const PhotoUpload = lazyPart(
  () => import('../photos/PhotoUpload').then(({ PhotoUpload }) => PhotoUpload),
  'The photo picker',
) as typeof PhotoUploadView;

const lists = {
  apartmentTypes: fiveStepApartmentTypes,
  roomCounts: fiveStepRoomCounts,
  floors: fiveStepFloors,
};

type StepName = (typeof quoteWizardSteps)[number]['name'];
const tabTitles: Record<StepName, string> = {
  currentLocation: 'Current Location',
  destination: 'Destination',
  contactDetails: 'Contact Details',
  uploadMedia: 'Upload Media',
  additionalInformation: 'Additional Information',
};

const serviceTypeOf = {
  stateServiceMultipart: 'state_service',
  localService: 'local_service',
  officeService: 'office_service',
} as const;

export interface QuoteWizardProps {
  title: string;
  /** The call sends the quote; its contract text is the success toast. */
  call: 'stateServiceMultipart' | 'localService' | 'officeService';
  /** The session-storage name of this route's draft. */
  draft: string;
}

interface QuoteSend {
  quote: QuoteRequest;
  extras: SubmissionExtras;
}

export function QuoteWizard({ title, call, draft }: QuoteWizardProps) {
  usePageMeta(title, 'Request a relocation quote: tell us where from, where to and when.');
  const sendQuote: SendWithPhoto<QuoteSend, QuoteResult> = ({ quote, extras }, photo, transfer) =>
    quotesApi[call](quote, { ...extras, ...transfer, files: { file: photo } });
  // Once the photo step has been shown, the quote goes through its upload.
  const upload = useRef<PhotoUploadHandle<QuoteSend, QuoteResult>>(null);
  const flow = useQuoteFlow({
    machine: quoteWizardMachine,
    steps: quoteWizardSteps,
    draft,
    submit: ({ quote }, extras) =>
      upload.current?.send({ quote, extras }) ?? sendQuote({ quote, extras }, null, {}),
    successMessage: quoteSuccess[call],
    leaveTo: (result) => pricedThankYou(result.data.reference_number, result.data),
  });
  const { step, busy, onSubmit } = flow;
  const onPhotoStep = step.name === 'uploadMedia';
  const [photoOpened, setPhotoOpened] = useState(false);
  if (onPhotoStep && !photoOpened) setPhotoOpened(true);
  const preview = useMovePreview(flow, serviceTypeOf[call]);

  const panels: Record<StepName, ReactNode> = {
    currentLocation: (
      <LocationFields flow={flow} side="from" lists={lists} places={preview.places} />
    ),
    destination: <LocationFields flow={flow} side="to" lists={lists} places={preview.places} />,
    contactDetails: <ContactFields flow={flow} required={false} />,
    // The picker is the photo upload's, below the step.
    uploadMedia: (
      <p className="field-hint">
        If you reload the page, the image is not kept: please choose it again.
      </p>
    ),
    additionalInformation: (
      <div className="quote-stack">
        <ServicesField flow={flow} />
        <DateFields flow={flow} required />
        <DescriptionField flow={flow} />
        <DeclaredValueField flow={flow} />
        <TermsField flow={flow} required={false} />
      </div>
    ),
  };

  return (
    <section className="page">
      <h1>{title}</h1>
      <form className="quote-form" onSubmit={onSubmit} noValidate aria-label={title}>
        {/* The steps as tabs that only Back and Next switch (docs/product.md), so every tab but the
            current one is disabled and only the current panel is rendered: plain ARIA tabs do it
            without a tabs library (docs/architecture.md, "What a route loads"). */}
        <div role="tablist" className="quote-tabs" aria-label="Quote steps">
          {quoteWizardSteps.map(({ name }, index) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`quote-tab-${name}`}
              className="quote-tab"
              aria-selected={name === step.name}
              aria-controls={name === step.name ? 'quote-step-panel' : undefined}
              disabled={name !== step.name}
            >
              <span className="quote-tab-number" aria-hidden="true">
                {index + 1}
              </span>
              {tabTitles[name]}
            </button>
          ))}
        </div>
        <StepHeading
          stepName={step.name}
        >{`Step ${step.index + 1} of ${step.count}: ${tabTitles[step.name as StepName]}`}</StepHeading>
        <div
          role="tabpanel"
          id="quote-step-panel"
          aria-labelledby={`quote-tab-${step.name}`}
          tabIndex={0}
        >
          <fieldset disabled={busy}>{panels[step.name as StepName]}</fieldset>
          {/* Outside the fieldset: Cancel and Try again work while the quote is being sent. */}
          {photoOpened && (
            <Suspense fallback={<Waiting>Loading the photo picker…</Waiting>}>
              <PhotoUpload
                ref={upload}
                field="file"
                send={sendQuote}
                label="Photo of your items (optional)"
                showPicker={onPhotoStep}
              />
            </Suspense>
          )}
        </div>
        <PricePreview
          preview={preview}
          waitingText="Choose where you move from and to (state and LGA) and your rooms to see an estimate."
        />
        <StepButtons flow={flow} />
      </form>
    </section>
  );
}
