// Starts the layoutd binary named by LAYOUTD_BIN on a free port for a test, and stops it.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export async function startLayoutd(...args) {
  const binary = process.env.LAYOUTD_BIN;
  if (!binary) throw new Error('set LAYOUTD_BIN to the layoutd binary (make test-js does)');
  const child = spawn(binary, ['--host', '127.0.0.1', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'ignore'] });
  const line = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`layoutd exited with ${code}`)));
  });
  if (!line.includes('listening')) throw new Error(`layoutd did not start: ${line}`);
  const { port } = JSON.parse(line);
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => { child.once('exit', resolve); child.kill('SIGTERM'); }),
  };
}
