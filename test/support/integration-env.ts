import { inject } from 'vitest';

// Workers run the adapters directly in some tests: give them the stack's endpoints.
Object.assign(process.env, inject('stackEnv'));
