export { AdminTokenStore, generateAdminToken, writeAdminToken } from './admin-token.store.js';
export { secretsEqual } from './constant-time.js';
export { TokenService } from './token.service.js';
export { AuthGuard } from './auth.guard.js';
export { Public, IS_PUBLIC } from './public.decorator.js';
export { AuthModule } from './auth.module.js';
