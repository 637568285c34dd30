import type { ApiEnv } from '../config/api-env';
import { StorageService } from './storage.service';

const env = { S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY: 'key', S3_SECRET_KEY: 'secret', S3_BUCKET: 'aipm', S3_REGION: 'us-east-1' } as ApiEnv;

/** A store where another API creates the bucket between this one's check and its own creation. */
function racedStore(service: StorageService, { createdByTheOther }: { createdByTheOther: boolean }) {
  const exists = jest.spyOn(service.client, 'bucketExists').mockResolvedValueOnce(false).mockResolvedValue(createdByTheOther);
  const make = jest.spyOn(service.client, 'makeBucket').mockRejectedValue(new Error('The requested bucket already exists'));
  return { exists, make };
}

describe(StorageService.name, () => {
  it('takes a bucket another API created at the same moment for the bucket made', async () => {
    const service = new StorageService(env);
    const warn = jest.spyOn((service as unknown as { logger: { warn: (message: string) => void } }).logger, 'warn').mockImplementation(() => undefined);
    const { make } = racedStore(service, { createdByTheOther: true });
    await service.onApplicationBootstrap();
    expect(make).toHaveBeenCalledWith('aipm');
    expect(warn).not.toHaveBeenCalled();
  });

  it('still reports a creation that failed with no bucket there', async () => {
    const service = new StorageService(env);
    racedStore(service, { createdByTheOther: false });
    await expect(service.ensureBucket()).rejects.toThrow('The requested bucket already exists');
  });
});
