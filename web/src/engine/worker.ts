// The engine worker (DESIGN.md §4): owns the simulation, so the main thread never blocks on it.
import { LabHost } from './host';
import type { Endpoint } from './protocol';
import { serve } from './serve';
import { initEngine } from './wasm';

serve(self as unknown as Endpoint, new LabHost(), initEngine());
