/** Filling the quote forms as a user would: by the visible labels, in the rendered app. */
import { File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { relocationServices } from '../../../src/api/contract';
import { quoteLabels } from '../quoteLabels';
import { PASTED_FROM } from './page';

export const main = () => within(screen.getByRole('main'));

export const input = (name: string) =>
  main().getByLabelText(quoteLabels[name]!) as HTMLInputElement;

/** Types, picks or ticks each value in its labelled field; the fields must be on the current step. */
export async function fill(user: UserEvent, values: Record<string, string | boolean>) {
  for (const [name, value] of Object.entries(values)) {
    if (name === 'Services') {
      for (const service of relocationServices) {
        const box = main().getByRole('checkbox', { name: service.label });
        if ((box as HTMLInputElement).checked !== String(value).split(',').includes(service.id))
          await user.click(box);
      }
    } else if (name === 'terms') {
      const box = main().getByRole('checkbox', { name: /I accept the terms/ }) as HTMLInputElement;
      if (box.checked !== value) await user.click(box);
    } else {
      const element = input(name);
      if (element.tagName === 'SELECT') await user.selectOptions(element, String(value));
      else {
        await user.clear(element);
        // A long text (a landmark note over its limit) is pasted, as a user pastes a long note.
        if (String(value).length >= PASTED_FROM) await user.paste(String(value));
        else if (value !== '') await user.type(element, String(value));
      }
    }
  }
}

export const pick = <T extends Record<string, unknown>>(values: T, keys: readonly (keyof T)[]) =>
  Object.fromEntries(keys.map((key) => [key, values[key]])) as Partial<T>;

export const stepOneKeys = [
  'moving_from_address',
  'moving_from_apartment_type',
  'number_of_room_moving_from',
  'aptFloor',
  'moving_to_address',
  'moving_to_apartment_type',
  'number_of_room_moving_to',
  'toAptFloor',
] as const;

/** The visible step heading (level 2). */
export const stepHeading = (name: RegExp | string) =>
  main().findByRole('heading', { level: 2, name }, { timeout: 10_000 });

export const button = (name: string) => main().getByRole('button', { name });

/** A toast, as the user sees it top-right. */
export async function toast(text: string) {
  await waitFor(
    () => {
      const container = document.querySelector('.Toastify');
      expect(container).not.toBeNull();
      expect(within(container as HTMLElement).getByText(text)).toBeInTheDocument();
    },
    { timeout: 5000 },
  );
}

/** Files as Node makes them: the app's multipart body is built by Node's fetch, which wants its own File. */
export const nodeFile = (bytes: Uint8Array | string, name: string, type: string) =>
  new NodeFile([bytes], name, { type }) as unknown as File;
