/**
 * Runs a command on the lowest Node.js major that the published packages declare in
 * `engines.node`, to prove the declaration: `tsx scripts/min-node.ts -- node --test …`. Where the
 * binary comes from: `scripts/lib/min-node.ts`.
 */
import { spawnSync } from 'node:child_process';
import { lowestNode } from './lib/min-node.ts';

const separator = process.argv.indexOf('--');
const [command, ...args] = separator === -1 ? [] : process.argv.slice(separator + 1);
if (command !== 'node') {
  console.error('usage: tsx scripts/min-node.ts -- node <arguments>');
  process.exit(2);
}
const node = lowestNode();
console.log(`Running on Node ${node.major} (the lowest the packages declare): ${node.source}`);
process.exit(spawnSync(node.path, args, { stdio: 'inherit' }).status ?? 1);
