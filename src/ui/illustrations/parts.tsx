/**
 * The pieces every illustration is drawn from: one flat style, no outlines, the brand palette as
 * one-letter classes (coloured in marketing.css under `.il`, so the colours live in the inlined
 * stylesheet, not in the scripts). Coordinates are each piece's own; scenes place them with `at`.
 * The pieces only other pages draw (courier, person) are in index.tsx, out of the home page's code.
 *
 *   n brand blue · d dark blue · a accent · l pale blue · e grey blue · w white · k cardboard · t tape
 *   s skin · p palm trunk · g leaf green · c city (see-through white) · v success green
 */
import type { ReactNode } from 'react';

export type Place = [x: number, y: number, scale?: number];

export const at = ([x, y, scale = 1]: Place, flip = false) =>
  `translate(${x} ${y})${scale !== 1 || flip ? ` scale(${flip ? -scale : scale} ${scale})` : ''}`;

export function Illustration({
  view,
  label,
  className = '',
  children,
}: {
  view: string;
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <svg
      className={`il ${className}`}
      viewBox={view}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** The soft pale shape every picture on a white page sits on. */
export const Backdrop = ({ w, h }: { w: number; h: number }) => (
  <ellipse className="l" cx={w / 2} cy={h / 2} rx={w / 2} ry={h / 2} />
);

/** A taped cardboard box, w × h, its bottom-left corner at (x, y + h). */
export const Box = ({ x, y, w, h }: { x: number; y: number; w: number; h: number }) => (
  <g>
    <rect className="k" x={x} y={y} width={w} height={h} rx={2} />
    <rect className="t" x={x + w * 0.42} y={y} width={w * 0.16} height={h} />
    <rect className="p" x={x} y={y} width={w} height={2} opacity={0.25} />
  </g>
);

/** The company van, 150 × 82, wheels on y = 82, facing right (flip to face left). */
export const Van = ({ place, flip }: { place: Place; flip?: boolean }) => (
  <g transform={at(place, flip)}>
    <rect className="w" x={0} y={6} width={104} height={62} rx={6} />
    <rect className="a" x={0} y={42} width={104} height={9} />
    <rect className="n" x={10} y={16} width={30} height={16} rx={3} />
    <path className="n" d="M100 20h28l22 26v22h-50z" />
    <path className="l" d="M108 26h16l15 18h-31z" />
    <rect className="d" x={-2} y={64} width={154} height={7} rx={3} />
    <rect className="a" x={144} y={50} width={6} height={6} rx={1} />
    <Wheel x={32} />
    <Wheel x={122} />
  </g>
);

export const Wheel = ({ x, y = 71, r = 11 }: { x: number; y?: number; r?: number }) => (
  <g>
    <circle className="d" cx={x} cy={y} r={r} />
    <circle className="e" cx={x} cy={y} r={r * 0.45} />
  </g>
);

/** A home, 100 × 90, floor on y = 90. */
export const House = ({ place }: { place: Place }) => (
  <g transform={at(place)}>
    <rect className="w" x={8} y={40} width={84} height={50} />
    <path className="a" d="M0 44 50 6l50 38z" />
    <rect className="n" x={40} y={58} width={20} height={32} rx={2} />
    <rect className="l" x={16} y={54} width={16} height={14} />
    <rect className="l" x={68} y={54} width={16} height={14} />
    <rect className="p" x={70} y={14} width={9} height={16} />
  </g>
);

/** A palm, 60 × 110, foot on y = 110. */
export const Palm = ({ place }: { place: Place }) => (
  <g transform={at(place)}>
    <path className="p" d="M27 110c2-30 0-60 6-82h5c-5 24-3 52-4 82z" />
    <path
      className="g"
      d="M35 26C22 12 6 14 0 26c12-6 22-6 35 0zM35 26c10-16 24-18 34-10-12-2-22 2-34 10zM35 26c-4-14-14-22-26-22 12 6 18 12 26 22zM35 26c8-12 20-20 30-16-10 2-20 8-30 16zM35 26c-14 0-24 8-28 20 8-10 18-14 28-20z"
    />
  </g>
);

/** The city behind the scenes: see-through towers with lit windows. */
export const Skyline = ({ place }: { place: Place }) => (
  <g transform={at(place)}>
    <path
      className="c"
      d="M0 120V60h30v60zM36 120V30h26V14h6v16h14v90zM88 120V70h34v50zM128 120V44l24-14 24 14v76zM182 120V80h30v40zM218 120V20h30v100z"
    />
    <path
      className="a"
      opacity={0.5}
      d="M44 40h6v6h-6zM60 40h6v6h-6zM44 58h6v6h-6zM70 58h6v6h-6zM140 56h6v6h-6zM156 70h6v6h-6zM226 30h6v6h-6zM238 48h6v6h-6zM226 66h6v6h-6z"
    />
  </g>
);

/** A dashed route ending at a map pin. */
export const Route = ({ d, pin }: { d: string; pin: [number, number] }) => (
  <g>
    <path d={d} fill="none" className="route" />
    <path
      className="n"
      transform={`translate(${pin[0]} ${pin[1]})`}
      d="M0 0c-8-10-12-16-12-22a12 12 0 0 1 24 0c0 6-4 12-12 22z"
    />
    <circle className="w" cx={pin[0]} cy={pin[1] - 22} r={4.5} />
  </g>
);

/** Road with lane marks, across a scene 420 wide. */
export const Road = () => (
  <g>
    <rect className="d" x={0} y={226} width={420} height={30} rx={15} />
    <path className="lane" d="M20 241h380" />
  </g>
);

/** A small picture on a pale backdrop, 160 × 120: cards, steps and empty states. */
export const Spot = ({ label, children }: { label?: string; children: ReactNode }) => (
  <Illustration view="0 0 160 120" className="il-spot" label={label}>
    <Backdrop w={160} h={120} />
    {children}
  </Illustration>
);

/** A round green badge with a tick. */
export const Tick = ({ x, y, r }: { x: number; y: number; r: number }) => (
  <g transform={`translate(${x} ${y}) scale(${r / 20})`}>
    <circle className="v" r={20} />
    <path className="w" d="M-9 0l6 6 12-13 3 3-15 16-9-9z" />
  </g>
);
