/**
 * /deactivate-account (docs/product.md): the reason and the password. After the server confirms
 * ('User data deleted successfully.' in `succes`) the page ends the session and goes home.
 */
import { deleteUserRequest } from '../api/contract/accounts';
import { createFormMachine } from './formMachine';

export const deactivateAccountMachine = createFormMachine({
  id: 'deactivateAccount',
  schema: deleteUserRequest,
});
