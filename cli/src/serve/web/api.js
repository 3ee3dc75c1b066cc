// Talking to the server: every call returns the parsed JSON answer, or throws an
// ApiError carrying the HTTP status and the server's own words.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function call(path, options) {
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    throw new ApiError(0, `the server cannot be reached (${error.message}); is perfect-play serve still running?`);
  }
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(response.status, `the server answered something that is not JSON (HTTP ${response.status})`);
  }
  if (!response.ok) {
    throw new ApiError(response.status, body.error ?? `HTTP ${response.status}`);
  }
  return body;
}

export const get = (path) => call(path);

export const post = (path, body) =>
  call(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

// The games the server solved, as `/api/games` lists them (name, sides, start...).
export const games = () => get("/api/games");

// The families of games and their parameters, as `/api/families` lists them: any size of
// one is a game of `game()` (`mnk:m=4,n=3,k=3`).
export const families = () => get("/api/families");

// A game's answer for a list of moves (strings as `play` takes them): every position with
// every move's value, and the history of the plies.
export async function game(name, moves, start) {
  const query = new URLSearchParams({ moves: moves.join(",") });
  if (start) query.set("start", start);
  return get(`/api/games/${encodeURIComponent(name)}?${query}`);
}

// The computer's move from a position (as the answer spells it) at a level.
export async function pick(name, position, level) {
  const query = new URLSearchParams({ position: position.position, level });
  return get(`/api/games/${encodeURIComponent(name)}/pick?${query}`);
}
