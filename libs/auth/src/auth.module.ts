import { Global, Module } from '@nestjs/common';
import { AdminTokenStore } from './admin-token.store.js';
import { TokenService } from './token.service.js';

@Global()
@Module({
  providers: [AdminTokenStore, TokenService],
  exports: [AdminTokenStore, TokenService],
})
export class AuthModule {}
