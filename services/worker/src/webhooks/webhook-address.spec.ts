// A webhook host that is or resolves to an internal address is refused before anything is sent.
import { describe, expect, it } from 'vitest';
import { internalAddressOf } from './webhook-address';

describe('internalAddressOf', () => {
  it.each(['https://127.0.0.1/hook', 'https://localhost:8443/hook', 'https://10.1.2.3/', 'https://172.20.0.5/', 'https://192.168.1.10/', 'https://169.254.169.254/latest/meta-data', 'https://[::1]/', 'https://[fd00::1]/', 'https://[::ffff:10.0.0.1]/', 'https://0.0.0.0/'])(
    'refuses %s',
    async (url) => {
      expect(await internalAddressOf(url, false)).toMatch(/internal address/);
    },
  );

  it('lets a public address through, and anything on the development stack', async () => {
    expect(await internalAddressOf('https://93.184.215.14/hook', false)).toBeNull();
    expect(await internalAddressOf('https://[2606:4700::6810:84e5]/hook', false)).toBeNull();
    expect(await internalAddressOf('http://127.0.0.1:9000/hook', true)).toBeNull();
  });
});
