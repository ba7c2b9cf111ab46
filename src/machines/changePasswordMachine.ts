/** /change-password (docs/product.md): old, new and confirm-new password, checked before sending. */
import { changePasswordRequest } from '../api/contract/accounts';
import { createFormMachine } from './formMachine';

export const changePasswordMachine = createFormMachine({
  id: 'changePassword',
  schema: changePasswordRequest,
});
