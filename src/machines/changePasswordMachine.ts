/** /change-password (SPEC section 2): old, new and confirm-new password, checked before sending. */
import { changePasswordRequest } from '../api/contract';
import { createFormMachine } from './formMachine';

export const changePasswordMachine = createFormMachine({ id: 'changePassword', schema: changePasswordRequest });
