// The engine worker (DESIGN.md §4): owns the simulation, so the main thread never blocks on it.
// A worker named SHARED_MODULE_WORKER is given the compiled module in its first message
// (`{ op: 'module', module }`) instead of fetching the .wasm file itself.
import { LabHost } from './host';
import { SHARED_MODULE_WORKER, type Endpoint, type ModuleMessage } from './protocol';
import { serve } from './serve';
import { initEngine } from './wasm';

const ready =
  self.name === SHARED_MODULE_WORKER
    ? new Promise<unknown>((resolve) => {
        const take = (event: MessageEvent) => {
          const msg = event.data as ModuleMessage;
          if (msg.op !== 'module') return;
          self.removeEventListener('message', take);
          resolve('module' in msg ? initEngine(msg.module) : Promise.reject(new Error(msg.error)));
        };
        self.addEventListener('message', take);
      })
    : initEngine();

serve(self as unknown as Endpoint, new LabHost(), ready);
