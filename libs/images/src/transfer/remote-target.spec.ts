import { HostPolicy } from '../domain/host-policy.js';
import { remoteTarget } from './remote-target.js';

describe('remoteTarget: remote_host under the image import policy', () => {
  it('resolves a name, refuses it when an address is denied', async () => {
    await expect(remoteTarget('nova@localhost', new HostPolicy([]))).rejects.toThrow(
      'localhost resolves to 127.0.0.1, which IMAGE_IMPORT_HOSTS does not allow',
    );
    await expect(remoteTarget('nova@no-such-host.invalid', new HostPolicy([]))).rejects.toThrow();
  });

  it('points scp at the checked address, keeping host key checks on the name', async () => {
    expect(await remoteTarget('nova@localhost', new HostPolicy(['127.0.0.0/8']))).toEqual({
      login: 'nova@127.0.0.1',
      sshOptions: ['-o', 'HostKeyAlias=localhost'],
    });
  });

  it('uses a listed name or an allowed address as given, and refuses a denied one', async () => {
    const listed = await remoteTarget(
      'nova@host.example.com',
      new HostPolicy(['host.example.com']),
    );
    expect(listed).toEqual({ login: 'nova@host.example.com', sshOptions: [] });
    expect(await remoteTarget('nova@93.184.216.34', new HostPolicy([]))).toEqual({
      login: 'nova@93.184.216.34',
      sshOptions: [],
    });
    await expect(remoteTarget('nova@10.0.0.1', new HostPolicy([]))).rejects.toThrow(
      'IMAGE_IMPORT_HOSTS does not allow',
    );
  });
});
