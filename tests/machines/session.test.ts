import { vi } from 'vitest';
import { sessionMachine } from '../../src/machines/sessionMachine';
import { graphSuite } from './graph';

const session = { token: 't0k3n', id: '7', profileImage: '', email: 'ada@example.com' };
const implementations = {
  actions: { persist: vi.fn(), forget: vi.fn(), goHome: vi.fn(), reportNoToken: vi.fn(), reportLogoutError: vi.fn() },
};
const events = [
  { type: 'session.login', session },
  { type: 'profile.imageChanged', profileImage: '/uploads/abc.png' },
  { type: 'xstate.error.actor.logout', error: new Error('offline') },
];

graphSuite('session', { machine: sessionMachine, inputs: [{ stored: null }, { stored: session }], events, implementations });
