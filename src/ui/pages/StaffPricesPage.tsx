/**
 * /staff/prices (docs/prices.md): the tariff staff edit. Zones group states and LGAs; each pair
 * of zones has a price or "price on request"; then the service rules. Saving checks it and makes
 * a new version; when someone saved meanwhile, their version is shown and what was typed is kept.
 * The flow is tariffEditorMachine; this page renders and sends. Amounts are typed in naira.
 */
import { useState, type FormEvent } from 'react';
import { fromPromise } from 'xstate';
import * as z from 'zod/mini';
import { pricesApi } from '../../api/prices';
import { formatNaira, relocationServices } from '../../api/contract/rules';
import type { StaffTariff } from '../../api/contract/prices';
import { nairaTyped } from '../../api/contract/naira';
import { tariffEditorMachine } from '../../machines/tariffEditorMachine';
import { FieldErrors, TextAreaField, TextField } from '../components/Field';
import { useFlow } from '../components/useFlow';
import { StaffLayout } from '../staff/StaffLayout';
import { notifySuccess } from '../toast';
import { formatLagosDate } from '../tracking/format';
import '../prices/prices.css';

type Errors = Record<string, string[] | undefined>;

/** The contract's parser of typed naira, with no range: the editor's check says what is wrong. */
const typedNaira = nairaTyped(z.number());

/**
 * Naira as typed to kobo, by the contract's one parser; NaN when it is not an amount (the check
 * then says so at the field). A minus sign is kept so the check can say prices cannot be negative.
 */
const koboOf = (typed: string) => {
  const text = typed.trim();
  const negative = text.startsWith('-');
  const parsed = typedNaira.safeParse(negative ? text.slice(1) : text);
  return !parsed.success ? Number.NaN : negative ? -parsed.data : parsed.data;
};
const nairaText = (kobo: number) => (Number.isFinite(kobo) ? String(kobo / 100) : '');

/** An amount in naira that keeps exactly what was typed, even when it is not a valid amount yet. */
function NairaField({
  label,
  kobo,
  errors,
  onChange,
  disabled,
}: {
  label: string;
  kobo: number;
  errors?: string[];
  onChange: (kobo: number) => void;
  disabled?: boolean;
}) {
  const [text, setText] = useState(() => nairaText(kobo));
  return (
    <TextField
      label={label}
      inputMode="decimal"
      autoComplete="off"
      value={disabled ? '' : text}
      disabled={disabled}
      errors={errors}
      onChange={(event) => {
        setText(event.target.value);
        onChange(koboOf(event.target.value));
      }}
    />
  );
}

function NumberField({
  label,
  value,
  errors,
  onChange,
  hint,
}: {
  label: string;
  value: number;
  errors?: string[];
  onChange: (value: number) => void;
  hint?: string;
}) {
  const [text, setText] = useState(() => String(value));
  return (
    <TextField
      label={label}
      inputMode="numeric"
      autoComplete="off"
      hint={hint}
      value={text}
      errors={errors}
      onChange={(event) => {
        setText(event.target.value);
        onChange(
          /^-?\d+$/.test(event.target.value.trim())
            ? Number(event.target.value.trim())
            : Number.NaN,
        );
      }}
    />
  );
}

function Editor({
  draft,
  errors,
  edit,
}: {
  draft: StaffTariff;
  errors: Errors;
  edit: (draft: StaffTariff) => void;
}) {
  const set = <K extends keyof StaffTariff>(key: K, value: StaffTariff[K]) =>
    edit({ ...draft, [key]: value });
  const zoneName = (id: string) => draft.zones.find((zone) => zone.id === id)?.name ?? id;
  const pairs = draft.zones.flatMap((a, i) =>
    draft.zones.slice(i).map((b) => [a.id, b.id] as const),
  );
  const routeIndex = (a: string, b: string) =>
    draft.routes.findIndex((r) => (r.from === a && r.to === b) || (r.from === b && r.to === a));
  const setRoute = (a: string, b: string, amount: number | null) => {
    const index = routeIndex(a, b);
    const routes =
      index >= 0
        ? draft.routes.map((route, at) =>
            at === index ? { ...route, amount_kobo: amount } : route,
          )
        : [...draft.routes, { from: a, to: b, amount_kobo: amount }];
    set('routes', routes);
  };
  const addZone = () => {
    const base = `zone-${draft.zones.length + 1}`;
    set('zones', [
      ...draft.zones,
      {
        id: draft.zones.some((zone) => zone.id === base) ? `${base}-${Date.now()}` : base,
        name: `Zone ${draft.zones.length + 1}`,
        places: [],
      },
    ]);
  };
  const removeZone = (id: string) =>
    edit({
      ...draft,
      zones: draft.zones.filter((zone) => zone.id !== id),
      routes: draft.routes.filter((route) => route.from !== id && route.to !== id),
    });

  return (
    <>
      <section className="order-part" aria-labelledby="zones-heading">
        <h2 id="zones-heading">Zones</h2>
        <p className="field-hint">
          One place a line: a whole state ("Ogun", "FCT") or one LGA of a state ("Lagos/Eti-Osa").
          An LGA of its own counts before its state.
        </p>
        <ol className="tariff-zones">
          {draft.zones.map((zone, index) => (
            <li key={zone.id} className="tariff-zone">
              <TextField
                label={`Zone ${index + 1} name`}
                value={zone.name}
                errors={errors[`zones.${index}.name`] ?? errors[`zones.${index}.id`]}
                onChange={(event) =>
                  set(
                    'zones',
                    draft.zones.map((z) =>
                      z.id === zone.id ? { ...z, name: event.target.value } : z,
                    ),
                  )
                }
              />
              <TextAreaField
                label={`Places of ${zone.name || `zone ${index + 1}`}`}
                rows={3}
                value={zone.places.join('\n')}
                onChange={(event) =>
                  set(
                    'zones',
                    draft.zones.map((z) =>
                      z.id === zone.id
                        ? {
                            ...z,
                            places: event.target.value
                              .split('\n')
                              .map((line) => line.trim())
                              .filter(Boolean),
                          }
                        : z,
                    ),
                  )
                }
              />
              <button
                type="button"
                className="button button-secondary"
                onClick={() => removeZone(zone.id)}
              >
                Remove {zone.name || `zone ${index + 1}`}
              </button>
            </li>
          ))}
        </ol>
        <button type="button" className="button button-secondary" onClick={addZone}>
          Add a zone
        </button>
      </section>

      <section className="order-part" aria-labelledby="pairs-heading">
        <h2 id="pairs-heading">Price between zones (a parcel, either way)</h2>
        <ul className="tariff-pairs">
          {pairs.map(([a, b]) => {
            const index = routeIndex(a, b);
            const route = index >= 0 ? draft.routes[index] : undefined;
            const onRequest = route?.amount_kobo === null;
            const label = a === b ? `Within ${zoneName(a)}` : `${zoneName(a)} ↔ ${zoneName(b)}`;
            return (
              <li key={`${a}|${b}`} className="tariff-pair">
                <NairaField
                  label={`${label}, in naira`}
                  kobo={route?.amount_kobo ?? Number.NaN}
                  disabled={onRequest}
                  errors={errors[`routes.${index}.amount_kobo`] ?? errors[`routes.${a}.${b}`]}
                  onChange={(kobo) => setRoute(a, b, kobo)}
                />
                <label className="check">
                  <input
                    type="checkbox"
                    checked={onRequest}
                    onChange={(event) => setRoute(a, b, event.target.checked ? null : Number.NaN)}
                  />
                  Price on request
                </label>
              </li>
            );
          })}
        </ul>
      </section>

      <section className="order-part" aria-labelledby="rules-heading">
        <h2 id="rules-heading">Service rules</h2>
        <div className="form-grid">
          <NairaField
            label="Deliver Now surcharge over Scheduled, in naira"
            kobo={draft.deliver_now_surcharge_kobo}
            errors={errors.deliver_now_surcharge_kobo}
            onChange={(kobo) => set('deliver_now_surcharge_kobo', kobo)}
          />
          <NairaField
            label="Bulk: each extra receiver, in naira"
            kobo={draft.extra_receiver_kobo}
            errors={errors.extra_receiver_kobo}
            onChange={(kobo) => set('extra_receiver_kobo', kobo)}
          />
          <NumberField
            label="Move: trip costs this many parcel prices"
            hint="The truck's trip between the zones, as a multiple of the parcel price."
            value={draft.move_route_factor}
            errors={errors.move_route_factor}
            onChange={(value) => set('move_route_factor', value)}
          />
          <NairaField
            label="Move: per room, in naira"
            kobo={draft.per_room_kobo}
            errors={errors.per_room_kobo}
            onChange={(kobo) => set('per_room_kobo', kobo)}
          />
          <NairaField
            label="Move: per floor above the ground, each end, in naira"
            kobo={draft.per_floor_kobo}
            errors={errors.per_floor_kobo}
            onChange={(kobo) => set('per_floor_kobo', kobo)}
          />
          {relocationServices.map((service) => (
            <NairaField
              key={service.id}
              label={`Move: ${service.label}, in naira`}
              kobo={draft.service_kobo[service.id]}
              errors={errors[`service_kobo.${service.id}`]}
              onChange={(kobo) =>
                set('service_kobo', { ...draft.service_kobo, [service.id]: kobo })
              }
            />
          ))}
          <NumberField
            label="Estimate band: low end, % of the figure"
            value={draft.band_low_percent}
            errors={errors.band_low_percent}
            onChange={(value) => set('band_low_percent', value)}
          />
          <NumberField
            label="Estimate band: high end, % of the figure"
            value={draft.band_high_percent}
            errors={errors.band_high_percent}
            onChange={(value) => set('band_high_percent', value)}
          />
        </div>
        <h3>Move: base price by apartment type (the home moved from)</h3>
        <div className="form-grid">
          {Object.entries(draft.apartment_kobo).map(([type, kobo]) => (
            <NairaField
              key={type}
              label={`${type}, in naira`}
              kobo={kobo}
              errors={errors[`apartment_kobo.${type}`]}
              onChange={(next) => set('apartment_kobo', { ...draft.apartment_kobo, [type]: next })}
            />
          ))}
        </div>
      </section>
    </>
  );
}

export default function StaffPricesPage() {
  const { snapshot, send, busy } = useFlow<typeof tariffEditorMachine>(tariffEditorMachine, () => ({
    actors: {
      loadTariff: fromPromise(async () => (await pricesApi.staffTariff(undefined)).data),
      saveTariff: fromPromise(async ({ input }) => {
        const { saved_at: _at, saved_by: _by, ...tariff } = input;
        return (await pricesApi.staffSaveTariff(tariff)).data;
      }),
    },
    actions: {
      notifySaved: (_, { version }) =>
        notifySuccess(`Prices saved as version ${version}. New bookings are priced with it.`),
    },
  }));
  const { draft, newer, errors } = snapshot.context;
  const save = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'save' });
  };
  return (
    <StaffLayout title="Prices">
      {snapshot.matches('loading') && (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> Loading the prices…
        </p>
      )}
      {snapshot.matches('loadFailed') && (
        <p role="alert">
          The prices could not be loaded.{' '}
          <button
            type="button"
            className="button button-secondary"
            onClick={() => send({ type: 'retry' })}
          >
            Try again
          </button>
        </p>
      )}
      {draft && (
        <form
          className="staff-form tariff-form"
          onSubmit={save}
          noValidate
          aria-busy={busy || undefined}
        >
          <p>
            Editing version {draft.version}, saved{' '}
            <time dateTime={draft.saved_at}>{formatLagosDate(draft.saved_at)}</time>
            {draft.saved_by ? ` by ${draft.saved_by}` : ''}. Orders keep the version they were
            priced with.
          </p>
          {newer && (
            <div className="tariff-conflict" role="alert">
              <p>
                <strong>
                  {newer.saved_by ?? 'Someone'} saved version {newer.version} while you were
                  editing.
                </strong>{' '}
                Your changes are kept below. Their version has {newer.zones.length} zones, a Deliver
                Now surcharge of {formatNaira(newer.deliver_now_surcharge_kobo)} and{' '}
                {newer.routes.filter((route) => route.amount_kobo === null).length} pairs on
                request.
              </p>
              <p className="actions">
                <button
                  type="button"
                  className="button"
                  onClick={() => send({ type: 'conflict.keepMine' })}
                >
                  Keep my changes (then save)
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => send({ type: 'conflict.takeNewer' })}
                >
                  Use version {newer.version}
                </button>
              </p>
            </div>
          )}
          <fieldset disabled={busy}>
            <Editor
              key={draft.version}
              draft={draft}
              errors={errors}
              edit={(next) => send({ type: 'tariff.edit', draft: next })}
            />
          </fieldset>
          <FieldErrors
            errors={Object.keys(errors).length ? ['Check the fields marked above.'] : []}
          />
          <p className="actions">
            <button type="submit" className="button" disabled={busy || Boolean(newer)}>
              {snapshot.matches('saving') && <span className="spinner" aria-hidden="true" />}
              {snapshot.matches('saving') ? 'Saving…' : 'Save as a new version'}
            </button>
          </p>
        </form>
      )}
    </StaffLayout>
  );
}
