// What holds a port that the results server or the simulator could not listen on: each asks the port
// what answers there, so that "port 8080 is in use" says by what (a results server already running, a
// simulator, or another program) instead of guessing.
import { request } from 'node:http';

export type PortHolder = 'simulator' | 'results server' | 'other web server' | 'other program';

/** The address to ask for a listening address: an unspecified one (every interface) is asked on loopback. */
function askAt(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/** Asks the page at `host`:`port` what it is, within `ms`: the simulator's page and the results server's
 *  club page each say it in their HTML; anything else that answers HTTP is another web server; a port
 *  that does not answer HTTP (or not in time) is held by another program. */
export function portHolder(port: number, host: string, ms = 1500): Promise<PortHolder> {
  return new Promise((resolve) => {
    const req = request({ host: askAt(host).replace(/^\[|\]$/g, ''), port, path: '/', method: 'GET', timeout: ms, headers: { Host: `${askAt(host)}:${port}` } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        if (body.length < 65_536) body += d;
      });
      res.on('error', () => resolve('other web server'));
      res.on('end', () => {
        if (body.includes('<title>Carrom table simulator</title>')) resolve('simulator');
        else if (body.includes('src="/club.js"')) resolve('results server');
        else resolve('other web server');
      });
    });
    req.on('timeout', () => req.destroy(new Error('no answer in time')));
    req.on('error', () => resolve('other program'));
    req.end();
  });
}

/** "port 8080 is in use by …" for each holder, with the address to open when it is one of ours. */
export function inUseBy(port: number, host: string, holder: PortHolder): string {
  const at = `http://${askAt(host)}:${port}/`;
  switch (holder) {
    case 'simulator':
      return `port ${port} is in use by a carrom simulator (its page: ${at})`;
    case 'results server':
      return `port ${port} is in use by a carrom results server (carrom serve, or a simulator's local one; its club page: ${at})`;
    case 'other web server':
      return `port ${port} is in use by another web server (not a carrom simulator or results server)`;
    case 'other program':
      return `port ${port} is in use by another program (it does not answer as a web server)`;
  }
}
