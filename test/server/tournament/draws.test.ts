// The draw off the event loop (server/tournament/draws.ts, docs/tournament.md §3.5): the next round drawn in
// the draw thread is the core's own draw; a draw the core refuses comes back as the core's TournamentError,
// and the thread goes on drawing; draws wait their turn, eight at most, and a ninth is refused at once
// (DrawsBusy, the server's 503) without being kept. The real thread, as the server starts it.
import assert from 'node:assert/strict';
import { drawOffLoop, DrawsBusy } from '../../../server/tournament/draws.ts';
import { drawNextRound } from '../../../server/tournament/draw.ts';
import { entrants, tournament } from './helpers.ts';

describe('the draw thread', function () {
  // The thread's first start loads the core through tsx: seconds on a busy machine.
  this.timeout(60_000);

  it('draws the round the core draws, and gives back what the core refuses as its TournamentError, drawing again after it', async () => {
    const six = tournament('swiss', entrants('Asha', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay'));
    assert.deepEqual(await drawOffLoop(six), drawNextRound(six));
    await assert.rejects(drawOffLoop(tournament('swiss', entrants('Asha'))), { name: 'TournamentError', message: 'round 1: 1 active entrant(s), a round needs 2' });
    const knockout = tournament('knockout', entrants('Asha', 'Ben', 'Cleo'));
    assert.deepEqual(await drawOffLoop(knockout), drawNextRound(knockout));
  });

  it('keeps eight draws waiting their turn, each given its own round, refuses a ninth at once, and takes draws again once they are done', async () => {
    const fields = Array.from({ length: 9 }, (_, i) => tournament('swiss', entrants(...Array.from({ length: 2 + i }, (_, j) => `P${i}-${j}`))));
    const settled = await Promise.allSettled(fields.map((t) => drawOffLoop(t)));
    for (let i = 0; i < 8; i++) {
      assert.equal(settled[i].status, 'fulfilled', `draw ${i + 1} of the eight`);
      assert.deepEqual((settled[i] as PromiseFulfilledResult<unknown>).value, drawNextRound(fields[i]), `draw ${i + 1} is its own tournament's`);
    }
    assert.equal(settled[8].status, 'rejected');
    const busy = (settled[8] as PromiseRejectedResult).reason as Error;
    assert.ok(busy instanceof DrawsBusy, String(busy));
    assert.equal(busy.message, '8 draws are waiting for the draw thread: try again in a few seconds');
    // The eight done, their places are free again.
    const again = await Promise.all(fields.slice(0, 8).map((t) => drawOffLoop(t)));
    assert.deepEqual(again, fields.slice(0, 8).map((t) => drawNextRound(t)));
  });
});
