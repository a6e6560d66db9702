#!/usr/bin/env node
// Runs the TypeScript entry point through tsx, as the server's scripts do.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
