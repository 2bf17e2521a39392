#!/usr/bin/env node
// Starts the mock service as a local HTTP sandbox with demo data (see README: `npm start`).
import { main } from '../dist/sandbox.js';

await main();
