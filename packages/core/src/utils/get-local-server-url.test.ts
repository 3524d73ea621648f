import { getLocalServerUrl } from './get-local-server-url';

describe('getLocalServerUrl', () => {
  const saved = process.env.SERVER_PORT;
  beforeEach(() => {
    delete process.env.SERVER_PORT;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.SERVER_PORT;
    else process.env.SERVER_PORT = saved;
  });

  it('uses port 3000 by default', () => {
    expect(getLocalServerUrl('/api/agents')).toBe('http://localhost:3000/api/agents');
  });

  it('reads SERVER_PORT at call time', () => {
    process.env.SERVER_PORT = '8080';
    expect(getLocalServerUrl('/x')).toBe('http://localhost:8080/x');
  });

  it('adds a missing leading slash', () => {
    expect(getLocalServerUrl('health')).toBe('http://localhost:3000/health');
    expect(getLocalServerUrl('')).toBe('http://localhost:3000');
  });
});
