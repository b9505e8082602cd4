export { AdminTokenStore, generateAdminToken, writeAdminToken } from './admin-token.store.js';
export { secretsEqual } from './constant-time.js';
export { TokenService, tokenSubject } from './token.service.js';
export { Public, IS_PUBLIC, PUBLIC_ROUTE } from './public.decorator.js';
export { AuthModule } from './auth.module.js';
export { operatorOf } from './operator-credentials.js';
