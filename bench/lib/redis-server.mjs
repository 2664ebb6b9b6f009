// A redis-server of the bench's own on a free loopback port, keeping nothing on disk (never a
// system service). Undefined when Debian's redis-server is not installed.
import { spawn, spawnSync } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort } from './app-server.mjs';
import { sleep } from './stats.mjs';

export async function startRedisServer() {
  if (spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status !== 0) return undefined;
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const killOnExit = () => child.kill('SIGKILL');
  process.on('exit', killOnExit);
  const exit = new Promise((resolve) => child.on('exit', resolve));
  const deadline = Date.now() + 10_000;
  for (;;) {
    const open = await new Promise((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' });
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) break;
    if (Date.now() > deadline) throw new Error('redis-server did not listen within 10 s');
    await sleep(50);
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      process.off('exit', killOnExit);
      child.kill('SIGTERM');
      await exit;
    },
  };
}
