import { fromPromise } from 'xstate';
import { loadOffer } from '../../machines/booking/package-offer.ts';
import { packageSelectionMachine } from '../../machines/booking/package-selection.machine.ts';
import { api } from '../api/api.ts';
import { listClientPackages } from '../api/calls/booking.ts';
import { listPackagesForStudents } from '../api/calls/catalogue.ts';
import { config } from '../config.ts';

/** The package-selection machine with the API and the configured waits: what the app runs. */
export const browserPackageSelectionMachine = packageSelectionMachine.provide({
  actors: {
    loadOffer: fromPromise(({ input }) =>
      loadOffer(input, {
        clientPackages: async (clientid) => (await listClientPackages(api, { clientid })).data,
        packages: (query) => listPackagesForStudents(api, query),
      }),
    ),
  },
  delays: { banner: config.delays.banner },
});
