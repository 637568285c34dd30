import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { API_ENV, type ApiEnv } from '../config/api-env';
import { AuthService } from './auth.service';

/**
 * First-time mode: with ADMIN_EMAIL and ADMIN_INITIAL_PASSWORD set and no administrator yet, one is created
 * at start, flagged to change the password at first sign-in. Safe with several processes (ON CONFLICT).
 */
@Injectable()
export class InitialAdminSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger(InitialAdminSeeder.name);

  constructor(
    @Inject(API_ENV) private readonly env: ApiEnv,
    private readonly auth: AuthService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { ADMIN_EMAIL: email, ADMIN_INITIAL_PASSWORD: password } = this.env;
    if (!email || !password) return;
    if (await this.auth.ensureInitialAdmin(email, password)) {
      this.logger.log(`created the administrator ${email.trim().toLowerCase()} from ADMIN_EMAIL; the password must be changed at first sign-in`);
    }
  }
}
