/**
 * The password hasher (scrypt at SCRYPT_LOG2N), in a module of its own: the accounts, the claim
 * links and the invitations (which the sync function carries) use it without the accounts' service.
 */
import { scryptLog2N } from '../config';
import { passwordHasher } from '../core/users/password';
import { lazyService } from './lazy';

export const passwords = /* @__PURE__ */ lazyService(() => passwordHasher(scryptLog2N()));
