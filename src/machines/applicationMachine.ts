/**
 * The mover and packer applications (docs/product.md): one form flow for both,
 * checked with the contract's applicationRequest; the page provides the call
 * (api.moverRegistration or api.packerRegistration).
 */
import { applicationRequest } from '../api/contract/accounts';
import { createFormMachine } from './formMachine';

export const applicationMachine = createFormMachine({
  id: 'application',
  schema: applicationRequest,
});
