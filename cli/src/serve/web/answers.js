// A game's answers as they arrive, without the DOM: the events of
// `/api/games/{game}/stream` folded into the shape of a review (`/api/games/{game}`), each
// value that has not arrived yet marked `pending`. The first event draws the game (every
// position, every move, nothing valued); then come the last position's value and its
// moves' values one by one, the last position whole, the earlier positions' values and
// their plies judged, and `done`. Tested with `node --test` (cli/tests/web/answers.test.mjs).

// The game of a `game` event: every position and move pending, every ply unjudged.
export function sketched(event) {
  const { game } = event;
  return {
    ...game,
    positions: game.positions.map((position) => ({
      ...position,
      pending: true,
      outcome: undefined,
      plies: undefined,
      best_moves: [],
      moves: position.moves.map((move) => ({ ...move, pending: true, outcome: undefined, plies: undefined })),
    })),
    plies: game.plies.map((ply) => ({ ...ply, pending: true })),
    done: false,
    error: null,
    waiting: null,
  };
}

// `data` with `event` folded in (a new object where anything changed; `data` itself is
// left as it was).
export function apply(data, event) {
  switch (event.event) {
    case "game":
      return sketched(event);
    case "waiting":
      return { ...data, waiting: event.why };
    case "value":
      return at(data, event.index, (position) => ({ ...position, pending: false, outcome: event.outcome, plies: event.plies }));
    case "move":
      return at(data, event.index, (position) => ({
        ...position,
        moves: position.moves.map((move) => move.move === event.move
          ? { ...move, pending: false, outcome: event.outcome, plies: event.plies }
          : move),
      }));
    case "position":
      return at(data, event.index, () => ({ ...event.analysis, pending: false, ranked: true }));
    case "ply":
      return { ...data, plies: data.plies.map((old) => (old.number === event.ply.number ? { ...event.ply, pending: false } : old)) };
    case "done":
      return { ...data, done: true, waiting: null };
    case "error":
      return { ...data, error: { status: event.status, message: event.error, retryAfter: event.retry_after }, waiting: null };
    default:
      // An event this page does not know (a newer server): nothing changes.
      return data;
  }
}

function at(data, index, change) {
  if (!data.positions[index]) return data;
  const positions = data.positions.slice();
  positions[index] = change(positions[index]);
  return { ...data, waiting: null, positions };
}

// `data` with the values another answer of the same game already has (`known`: an earlier
// stream of the same moves, cut short): what the page keeps while it asks again.
export function keep(data, known) {
  if (!known || known.positions.length !== data.positions.length) return data;
  const same = known.positions.every((position, index) => position.position === data.positions[index].position);
  if (!same) return data;
  return {
    ...data,
    positions: data.positions.map((position, index) => {
      const old = known.positions[index];
      if (!old.pending && !old.moves.some((move) => move.pending)) return old;
      return {
        ...position,
        ...(old.pending ? {} : { pending: false, outcome: old.outcome, plies: old.plies }),
        moves: position.moves.map((move) => {
          const earlier = old.moves.find((other) => other.move === move.move);
          return earlier && !earlier.pending ? earlier : move;
        }),
      };
    }),
    plies: data.plies.map((ply, index) => (known.plies[index] && !known.plies[index].pending ? known.plies[index] : ply)),
  };
}

// The moves of `position` whose values are known and equal to the position's own: the
// best moves, before the server has ranked them (a move's value counts the move in its
// plies, as the position's does). Once the server has ranked them, its `best_moves`.
export function bestMoves(position) {
  if (position.ranked) return new Set(position.best_moves);
  if (position.pending) return new Set();
  return new Set(position.moves
    .filter((move) => !move.pending && move.outcome === position.outcome && move.plies === position.plies)
    .map((move) => move.move));
}

// Whether the position's answers are all in: its value and every move's.
export function complete(position) {
  return !position.pending && !position.moves.some((move) => move.pending);
}

// How many of the position's moves have their value.
export function found(position) {
  return position.moves.filter((move) => !move.pending).length;
}
