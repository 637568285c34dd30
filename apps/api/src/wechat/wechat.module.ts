import { WechatShareConfig } from '@aipm/database';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SignatureRateLimitGuard } from './signature-rate-limit.guard';
import { WechatShareConfigsController } from './wechat-share-configs.controller';
import { WechatShareConfigsService } from './wechat-share-configs.service';
import { WechatSignatureService } from './wechat-signature.service';
import { WechatController } from './wechat.controller';

/** WeChat sharing: the JS-SDK signature, the public share-settings lookup and their back-office resource. */
@Module({
  imports: [TypeOrmModule.forFeature([WechatShareConfig])],
  controllers: [WechatController, WechatShareConfigsController],
  providers: [WechatSignatureService, WechatShareConfigsService, SignatureRateLimitGuard],
})
export class WechatModule {}
