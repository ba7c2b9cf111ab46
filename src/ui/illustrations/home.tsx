/**
 * The home page's pictures, in a module of their own so the home page loads only these (its
 * JavaScript budget is 100 KB gzipped); the rest are in index.tsx.
 */
import type { ComponentType } from 'react';
import { Box, House, Illustration, Palm, Road, Route, Skyline, Spot, Van } from './parts';

/** The home hero: a van arriving at a home in a Nigerian city, boxes ready at the door. */
export const HomeHeroArt = () => (
  <Illustration view="0 0 420 256" className="il-hero">
    <circle className="a" cx={352} cy={58} r={30} opacity={0.9} />
    <Skyline place={[90, 106]} />
    <Road />
    <Palm place={[0, 116]} />
    <House place={[36, 136]} />
    <Box x={142} y={198} w={30} h={28} />
    <Box x={174} y={206} w={22} h={20} />
    <Box x={148} y={176} w={22} h={22} />
    <Van place={[384, 144]} flip />
    <path className="speed" d="M392 170h22M398 184h18M392 198h24" />
    <Palm place={[360, 116, 0.6]} />
  </Illustration>
);

/** The service cards of the home page. */
export const homeCardArt: Record<string, ComponentType> = {
  '/relocation': () => (
    <Spot>
      <House place={[22, 22, 0.9]} />
      <Box x={104} y={78} w={30} h={25} />
      <Box x={110} y={58} w={22} h={20} />
    </Spot>
  ),
  '/delivery': () => (
    <Spot>
      <Box x={34} y={56} w={48} h={46} />
      <Box x={84} y={70} w={34} h={32} />
      <Route d="M60 44c10-20 40-26 60-8" pin={[124, 44]} />
    </Spot>
  ),
};
