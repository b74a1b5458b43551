// A device's end of `carrom serve --push URL --push-secret HEX` (docs/server.md §4, "Pushed to a device"):
// it checks each POST's signature and prints one line per event. Node 20, nothing to install:
//   CARROM_PUSH_SECRET=<the same 64 hex digits> PORT=9000 node push-receiver.mjs
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const key = Buffer.from(process.env.CARROM_PUSH_SECRET ?? '', 'hex');
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const want = Buffer.from(`sha256=${createHmac('sha256', key).update(body).digest('hex')}`);
    const got = Buffer.from(String(req.headers['carrom-push-signature']));
    if (want.length !== got.length || !timingSafeEqual(want, got)) return res.writeHead(401).end();
    const p = JSON.parse(body.toString('utf8'));
    // Light the strip, ring the bell, call home automation: here, one line per event.
    const what = p.event === 'shot' ? `shot ${p.data.seq}${p.data.held ? ' held' : ''}` : `${p.event} ${p.data.counter}`;
    console.log(`${p.n} ${p.data.table} ${what}${p.dropped ? ` (${p.dropped} dropped so far)` : ''}`);
    res.writeHead(204).end();
  });
});
server.listen(Number(process.env.PORT ?? 9000), () => console.log(`listening on ${server.address().port}`));
