/**
 * The drawings of a page's states (thank you, nothing yet, not found), apart from the marketing
 * drawings in index.tsx: the pages that show them load these few shapes, not every illustration
 * (docs/architecture.md, "What a route loads").
 */
import { Box, Spot, Tick, Van } from './parts';

/** The thank-you page: the parcel is on its way. */
export const ThankYouArt = () => (
  <Spot>
    <Box x={46} y={46} w={62} h={56} />
    <Tick x={112} y={42} r={20} />
    <path className="a" d="M26 30h6v6h-6zM40 16h5v5h-5zM130 84h6v6h-6zM22 76h5v5h-5z" />
  </Spot>
);

/** Nothing booked yet: an open, empty box. */
export const EmptyBookingsArt = () => (
  <Spot>
    <path className="p" opacity={0.35} d="M40 52h80l-8 52H48z" />
    <rect className="k" x={46} y={56} width={68} height={48} rx={2} />
    <path className="t" d="M40 52 24 36h48l-4 16zM120 52l16-16H88l4 16z" />
  </Spot>
);

/** The staff queue with no order waiting: a cleared clipboard. */
export const EmptyQueueArt = () => (
  <Spot>
    <rect className="n" x={44} y={14} width={64} height={92} rx={6} />
    <rect className="w" x={50} y={24} width={52} height={76} rx={3} />
    <rect className="d" x={62} y={8} width={28} height={12} rx={4} />
    <path className="e" d="M58 38h36v5H58zM58 52h36v5H58zM58 66h24v5H58z" />
    <Tick x={108} y={84} r={16} />
  </Spot>
);

/** Not found: the road runs out, and the van waits by a question mark. */
export const NotFoundArt = () => (
  <Spot>
    <path className="route" fill="none" d="M8 104c30-6 60-2 96-4" />
    <Van place={[8, 40, 0.62]} />
    <rect className="d" x={118} y={40} width={5} height={64} />
    <rect className="a" x={100} y={20} width={42} height={28} rx={4} />
    <text className="lost" x={121} y={42}>
      ?
    </text>
  </Spot>
);
