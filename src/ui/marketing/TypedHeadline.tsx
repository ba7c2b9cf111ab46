/**
 * The home headline typed out, inside the page's h1 (typedHeadlineMachine). Screen readers get the whole sentence
 * from the start; the typed letters are drawn over an invisible copy of the sentence, so the
 * page below never shifts while it types.
 */
import { useEffect } from 'react';
import { useMachine } from '@xstate/react';
import { typedHeadlineMachine } from '../../machines/typedHeadlineMachine';
import { inspect } from '../inspector';

export function TypedHeadline({ text }: { text: string }) {
  const [snapshot, send] = useMachine(typedHeadlineMachine, { input: { text }, inspect });
  useEffect(() => {
    send({
      type: 'start',
      reducedMotion: window.matchMedia('(prefers-reduced-motion: reduce)').matches,
    });
  }, [send]);
  const { typed } = snapshot.context;
  const typing = snapshot.matches('typing');
  return (
    <span className="typed-headline">
      <span className="visually-hidden">{text}</span>
      <span className="typed-space" aria-hidden="true">
        {text}
      </span>
      <span className="typed-text" aria-hidden="true">
        {text.slice(0, typed)}
        {typing && <span className="typed-caret" />}
      </span>
    </span>
  );
}
