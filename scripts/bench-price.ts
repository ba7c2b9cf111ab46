/**
 * `npm run bench:price`: the price preview's computation (src/api/pricing.ts), built for the
 * browser as the site builds it and run in Chromium over the example tariff and the official
 * list of places: thousands of random forms of every service, priced again and again. Prints
 * the mean and the slowest batch per computation; exits 1 when the mean reaches 1 ms
 * (docs/prices.md).
 */
import { build, type Rolldown } from 'vite';
import { launchChromium } from '../tests/support/chromium';
import { defaultTariff } from '../server/money/default-tariff';
import { publishedPlaces } from '../server/money/places';

const BUDGET_MS = 1;

const built = (await build({
  configFile: false,
  logLevel: 'silent',
  build: {
    write: false,
    minify: true,
    lib: { entry: 'src/api/pricing.ts', formats: ['iife'], name: 'pricing' },
  },
})) as Rolldown.RolldownOutput[];
const code = built[0]!.output[0].code;

const browser = await launchChromium();
const result = await measure().finally(() => browser.close());
console.log(
  `price preview in Chromium: ${result.count} computations, mean ${(result.mean * 1000).toFixed(2)} µs, slowest batch ${(result.slowest * 1000).toFixed(2)} µs per computation (budget ${BUDGET_MS} ms)`,
);
if (result.mean >= BUDGET_MS || result.slowest >= BUDGET_MS) {
  console.error('Over budget.');
  process.exitCode = 1;
}

async function measure() {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><title>bench</title>');
  // tsx names the functions it compiles with a helper; the page needs it for the callback below.
  await page.addScriptTag({ content: `window.__name = (target) => target;\n${code}` });
  return page.evaluate(
    ({ tariff, places }) => {
      const { priceOf } = (window as unknown as { pricing: typeof import('../src/api/pricing') })
        .pricing;
      const pick = <T>(list: readonly T[], at: number) => list[at % list.length]!;
      const services = [
        'instant_delivery',
        'scheduled_delivery',
        'bulk_delivery',
        'local_service',
        'office_service',
        'state_service',
      ] as const;
      const forms = Array.from({ length: 3000 }, (_, n) => {
        const from = pick(places, n * 7);
        const to = pick(places, n * 13 + 5);
        const lagos = places.find((place) => place.state === 'Lagos')!;
        const a =
          n % 2
            ? { state: 'Lagos', lga: pick(lagos.lgas, n) }
            : { state: from.state, lga: pick(from.lgas, n) };
        const b =
          n % 3
            ? { state: 'Lagos', lga: pick(lagos.lgas, n * 3 + 1) }
            : { state: to.state, lga: pick(to.lgas, n) };
        return {
          service_type: pick(services, n),
          pickup_state: a.state,
          pickup_lga: a.lga,
          delivery_state: b.state,
          delivery_lga: b.lga,
          receiver_details: Array.from({ length: 1 + (n % 10) }, (_, r) => ({
            state: 'Lagos',
            lga: pick(lagos.lgas, n + r),
          })),
          moving_from_state: a.state,
          moving_from_lga: a.lga,
          moving_to_state: b.state,
          moving_to_lga: b.lga,
          moving_from_apartment_type: pick(['Studio', 'Duplex', '2 Bedrooms', 'Bungalow'], n),
          number_of_room_moving_from: pick(['1', '2', '5+'], n),
          aptFloor: pick(['Ground', '2nd', '4th+'], n),
          toAptFloor: pick(['Ground', '1st'], n),
          Services: 'packing_and_loading,unpacking_and_arranging',
        };
      });
      const published = { ...tariff, version: 1 };
      let sink = 0;
      // Warm up, as a form does after its first few keystrokes.
      for (const form of forms) sink += priceOf(published, form as never).kind.length;
      const batch = 1000;
      let slowest = 0;
      const started = performance.now();
      for (let round = 0; round < 30; round++) {
        const t0 = performance.now();
        for (let i = 0; i < batch; i++)
          sink += priceOf(published, forms[(round * batch + i) % forms.length] as never).kind
            .length;
        slowest = Math.max(slowest, (performance.now() - t0) / batch);
      }
      const mean = (performance.now() - started) / (30 * batch);
      return { mean, slowest, count: 30 * batch, sink };
    },
    { tariff: defaultTariff, places: publishedPlaces },
  );
}
