/**
 * The site's illustrations, drawn for it as inline SVG (parts.tsx): prerendered into each page's
 * HTML, so they paint with the text and cost no request. Inline SVG shapes are never a page's
 * largest contentful paint, which stays the text. All decorative (aria-hidden) unless given a label.
 */
import type { ComponentType } from 'react';
import { homeCardArt } from './home';
import {
  at,
  Box,
  House,
  Illustration,
  Palm,
  Road,
  Route,
  Skyline,
  Spot,
  Tick,
  Van,
  Wheel,
  type Place,
} from './parts';

/** A motorbike courier with the delivery box, 120 × 100, wheels on y = 100, riding right. */
const Courier = ({ place }: { place: Place }) => (
  <g transform={at(place)}>
    <rect className="a" x={8} y={30} width={34} height={30} rx={3} />
    <rect className="n" x={8} y={41} width={34} height={6} />
    <path className="n" d="M20 62h58l16-20h10l-10 28H26z" />
    <path className="d" d="M56 34c6 0 10 4 12 10l6 20H58l-6-18z" />
    <path className="n" d="M54 20h12l6 26H56z" />
    <circle className="s" cx={64} cy={12} r={7} />
    <path className="a" d="M56 10a8 8 0 0 1 16 0v3H56z" />
    <path className="s" d="M66 28l24 10-2 4-24-8z" />
    <Wheel x={24} y={86} r={14} />
    <Wheel x={98} y={86} r={14} />
  </g>
);

/** A person in the company's shirt, 40 × 100, feet on y = 100; `carrying` puts a box in the arms. */
const Person = ({ place, carrying }: { place: Place; carrying?: boolean }) => (
  <g transform={at(place)}>
    <rect className="d" x={8} y={62} width={10} height={38} rx={3} />
    <rect className="d" x={22} y={62} width={10} height={38} rx={3} />
    <rect className="n" x={4} y={22} width={32} height={44} rx={10} />
    <circle className="s" cx={20} cy={10} r={10} />
    <path className="d" d="M10 8a10 10 0 0 1 20 0z" />
    {carrying ? (
      <Box x={6} y={30} w={34} h={26} />
    ) : (
      <rect className="s" x={30} y={30} width={16} height={7} rx={3} />
    )}
  </g>
);

/** Relocation: the mover carries the last box from the van into the new home. */
export const RelocationArt = () => (
  <Illustration view="0 0 420 256" className="il-hero">
    <circle className="a" cx={70} cy={54} r={26} opacity={0.9} />
    <Skyline place={[150, 106]} />
    <Road />
    <Van place={[16, 144]} />
    <Person place={[196, 126]} carrying />
    <Box x={238} y={200} w={28} h={26} />
    <House place={[290, 136]} />
    <Palm place={[370, 116, 0.8]} />
  </Illustration>
);

/** The partner page: a mover and a packer at work by the van. */
export const PartnerArt = () => (
  <Illustration view="0 0 420 256" className="il-hero">
    <circle className="a" cx={360} cy={50} r={24} opacity={0.9} />
    <Skyline place={[40, 106]} />
    <Road />
    <Van place={[250, 144]} />
    <Person place={[92, 126]} carrying />
    <Person place={[150, 126]} />
    <Box x={194} y={186} w={44} h={40} />
    <rect className="d" x={206} y={180} width={18} height={9} rx={3} />
    <Palm place={[20, 116, 0.9]} />
  </Illustration>
);

/** Delivery: a courier on the way, the route ending at the receiver's pin. */
export const DeliveryArt = () => (
  <Illustration view="0 0 420 256" className="il-hero">
    <Skyline place={[120, 106]} />
    <Road />
    <Route d="M150 120c40-60 120-70 160-30s60 40 80-4" pin={[390, 96]} />
    <Courier place={[40, 140]} />
    <Box x={250} y={196} w={32} h={30} />
    <Box x={284} y={204} w={24} h={22} />
    <Palm place={[330, 116, 0.9]} />
  </Illustration>
);

const Calendar = () => (
  <g>
    <rect className="w" x={30} y={22} width={64} height={60} rx={6} />
    <rect className="n" x={30} y={22} width={64} height={16} rx={6} />
    <path
      className="e"
      d="M38 46h10v9H38zM54 46h10v9H54zM70 46h10v9H70zM38 62h10v9H38zM54 62h10v9H54z"
    />
    <rect className="a" x={70} y={62} width={10} height={9} />
  </g>
);

const Office = () => (
  <g>
    <rect className="n" x={28} y={20} width={56} height={86} rx={3} />
    <path
      className="l"
      d="M36 30h12v10H36zM56 30h12v10H56zM36 48h12v10H36zM56 48h12v10H56zM36 66h12v10H36zM56 66h12v10H56z"
    />
    <rect className="a" x={48} y={86} width={16} height={20} />
  </g>
);

const Phone = () => (
  <g>
    <rect className="d" x={34} y={14} width={52} height={92} rx={8} />
    <rect className="w" x={39} y={22} width={42} height={72} rx={3} />
    <path className="e" d="M44 32h32v6H44zM44 44h32v6H44zM44 56h22v6H44z" />
    <rect className="a" x={44} y={74} width={32} height={10} rx={3} />
  </g>
);

/** One picture per service card, by the card's link (Cards' `art`; a card without one shows none). */
export const cardArt: Record<string, ComponentType> = {
  ...homeCardArt,
  '/local': () => (
    <Spot>
      <House place={[14, 16, 0.95]} />
      <Person place={[104, 20, 0.85]} carrying />
    </Spot>
  ),
  '/interstate': () => (
    <Spot>
      <Route d="M8 110c30-8 50-2 80-6s50-4 66-2" pin={[140, 40]} />
      <Van place={[10, 34, 0.72]} />
    </Spot>
  ),
  '/office': () => (
    <Spot>
      <Office />
      <Box x={92} y={76} w={32} h={28} />
      <Box x={98} y={52} w={24} h={24} />
    </Spot>
  ),
  '/store': () => (
    <Spot>
      <Phone />
      <Box x={92} y={66} w={38} h={36} />
    </Spot>
  ),
  '/express-delivery': () => (
    <Spot>
      <Courier place={[20, 14, 0.95]} />
    </Spot>
  ),
  '/schedule-delivery': () => (
    <Spot>
      <Calendar />
      <Box x={90} y={62} w={40} h={40} />
    </Spot>
  ),
  '/bulk-delivery': () => (
    <Spot>
      <Box x={24} y={72} w={34} h={32} />
      <Box x={60} y={72} w={34} h={32} />
      <Box x={96} y={72} w={34} h={32} />
      <Box x={42} y={42} w={32} h={30} />
      <Box x={78} y={42} w={32} h={30} />
      <Box x={60} y={14} w={30} h={28} />
    </Spot>
  ),
  '/move': () => (
    <Spot>
      <Person place={[40, 10]} carrying />
      <Box x={90} y={74} w={34} h={30} />
    </Spot>
  ),
  '/pack': () => (
    <Spot>
      <Person place={[30, 10]} />
      <Box x={78} y={62} w={48} h={42} />
      <rect className="d" x={92} y={54} width={18} height={10} rx={3} />
    </Spot>
  ),
};

/** "How it works" on /store, one picture per step. */
export const stepArt = [
  cardArt['/schedule-delivery']!,
  cardArt['/express-delivery']!,
  () => (
    <Spot>
      <House place={[18, 18, 0.95]} />
      <Box x={100} y={78} w={30} h={26} />
      <Tick x={128} y={36} r={16} />
    </Spot>
  ),
];
