// What the MOB system adds to the shared MOB view (views/lib/mob/MobView.tsx), read from its
// `cache` section: under PAGE (page shipping, §5.1) there is no MOB, and the view shows what takes
// its place (NoMob.tsx); under FREEMOB (§5.3, spec A30) the flusher's installation reads are free.
import type { MobExtras } from '../../views/lib/mob/part';
import { mobFrame } from './mobFrame';
import { NoMob } from './NoMob';

/** FREEMOB: why its flusher never reads. */
const FREEMOB_NOTE =
  'FREEMOB: installation reads cost nothing (§5.3). The flusher installs a page not in the cache from its own buffer, with no disk read, so it goes straight to writing.';

const extras: MobExtras = {
  noBuffer: (frame, d) => mobFrame(frame, d).cache.architecture === 'page',
  Instead: ({ frame, description, scenario }) => <NoMob f={mobFrame(frame, description)} scenario={scenario} />,
  note: (frame, d) => (mobFrame(frame, d).cache.architecture === 'freemob' ? { short: 'FREEMOB: installation reads free', long: FREEMOB_NOTE } : null),
};
export default extras;
