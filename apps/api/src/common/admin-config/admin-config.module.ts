import { Global, Module } from '@nestjs/common';
import { AdminConfigRepository } from './admin-config.repository';

/** admin_config's one repository, for every feature whose settings it keeps (site settings, crawler settings). */
@Global()
@Module({ providers: [AdminConfigRepository], exports: [AdminConfigRepository] })
export class AdminConfigModule {}
