/**
 * Texts about orders, on /profile-update (docs/using-the-site.md): SMS, WhatsApp, both or neither,
 * to the number on the profile, as textPreferencesMachine says. Two checkboxes in a fieldset,
 * Save with its busy label; a refusal keeps the ticks, with its messages under the choice and as
 * toasts; a save is confirmed beside the button and as a toast.
 */
import { fromPromise } from 'xstate';
import { messagesApi } from '../../api/messages';
import type { TextChannel, TextPreferences as Channels } from '../../api/contract/messages';
import { textPreferencesMachine } from '../../machines/textPreferencesMachine';
import { FieldErrors } from '../components/Field';
import { LoadFailed, Waiting } from '../components/LoadStates';
import { SubmitButton } from '../components/SubmitButton';
import { submitOf, useFlow } from '../components/useFlow';
import { notifySuccess } from '../toast';

export const PREFERENCES_SAVED = 'Your choice of texts is saved.';

const channelLabels: Record<TextChannel, string> = {
  sms: 'SMS (text message)',
  whatsapp: 'WhatsApp',
};

/** What the saved choice means, in a sentence. */
function savedChoice({ sms, whatsapp }: Channels) {
  if (sms && whatsapp) return 'You get texts about your orders by SMS and on WhatsApp.';
  if (sms) return 'You get texts about your orders by SMS.';
  if (whatsapp) return 'You get texts about your orders on WhatsApp.';
  return 'You get no texts about your orders; we still mail you.';
}

export function TextPreferences() {
  const { snapshot, send, busy } = useFlow<typeof textPreferencesMachine>(
    textPreferencesMachine,
    () => ({
      actors: {
        loadPreferences: fromPromise(
          async () => (await messagesApi.textPreferences(undefined)).data,
        ),
        savePreferences: fromPromise<Channels, Channels>(
          async ({ input }) => (await messagesApi.saveTextPreferences(input)).data,
        ),
      },
      actions: { notifySuccess: () => notifySuccess(PREFERENCES_SAVED) },
    }),
  );
  const { values, errors, messages } = snapshot.context;
  const problems = [...new Set([...(errors.sms ?? []), ...(errors.whatsapp ?? [])])];

  return (
    <section className="account-section" aria-labelledby="texts-heading">
      <h2 id="texts-heading">Texts about your orders</h2>
      {snapshot.matches('loading') && <Waiting>Loading your choice of texts…</Waiting>}
      {snapshot.matches('loadFailed') && (
        <LoadFailed messages={messages} onRetry={() => send({ type: 'retry' })} />
      )}
      {!snapshot.matches('loading') && !snapshot.matches('loadFailed') && (
        <form noValidate onSubmit={submitOf(send)} aria-busy={busy || undefined}>
          <fieldset
            disabled={busy}
            className={problems.length ? 'text-channels field-invalid' : 'text-channels'}
            aria-describedby={['texts-hint', problems.length && 'texts-errors']
              .filter(Boolean)
              .join(' ')}
          >
            <legend>Send me texts about my orders by</legend>
            <p className="field-hint" id="texts-hint">
              To the mobile number above: your booking, prices, payments and each change of status.
              Receipts and account codes still come by mail.
            </p>
            {(Object.keys(channelLabels) as TextChannel[]).map((channel) => (
              <label key={channel} className="check">
                <input
                  type="checkbox"
                  name={channel}
                  checked={values[channel]}
                  onChange={(event) =>
                    send({ type: 'channel.change', channel, on: event.target.checked })
                  }
                />
                {channelLabels[channel]}
              </label>
            ))}
            <FieldErrors id="texts-errors" errors={problems} />
          </fieldset>
          {snapshot.matches('failed') && (
            <div className="problem" role="alert">
              {messages.map((message) => (
                <p key={message}>{message}</p>
              ))}
              <p>Your choice is not saved yet: press Save choice to try again.</p>
            </div>
          )}
          <p className="actions">
            <SubmitButton busy={busy} busyLabel="Saving…">
              Save choice
            </SubmitButton>
            {/* Always there, so a screen reader hears it when the save lands. */}
            <span role="status" className="text-channels-saved">
              {snapshot.matches('saved') && `Saved. ${savedChoice(values)}`}
            </span>
          </p>
        </form>
      )}
    </section>
  );
}
