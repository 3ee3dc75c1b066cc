// Talking to the server: every call returns the parsed JSON answer, or throws an
// ApiError carrying the HTTP status, the server's own words and its error's body (where
// a size answered from a table file alone says which, as `needs_table`).

export class ApiError extends Error {
  constructor(status, message, body = null) {
    super(message);
    this.status = status;
    this.body = body;
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
    throw new ApiError(response.status, body.error ?? `HTTP ${response.status}`, body);
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

// A game's answers as the server finds them (`/api/games/{game}/stream`, one JSON event a
// line): `onEvents` is called with each batch of events as it arrives, the first batch
// beginning with the game drawn and nothing valued. Resolves when the stream ends. What
// is wrong with the request (400, 404, 422, or 503 before any answer) throws an ApiError,
// as `game()` does; `signal` (an AbortSignal) stops the stream, and the server's work.
export async function stream(name, moves, start, { signal, onEvents }) {
  const query = new URLSearchParams({ moves: moves.join(",") });
  if (start) query.set("start", start);
  const path = `/api/games/${encodeURIComponent(name)}/stream?${query}`;
  let response;
  try {
    response = await fetch(path, { signal });
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new ApiError(0, `the server cannot be reached (${error.message}); is perfect-play serve still running?`);
  }
  if (!response.ok) {
    const text = await response.text();
    let body = null;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ApiError(response.status, `the server answered something that is not JSON (HTTP ${response.status})`);
    }
    throw new ApiError(response.status, body.error ?? `HTTP ${response.status}`, body);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  for (;;) {
    let chunk;
    try {
      chunk = await reader.read();
    } catch (error) {
      if (error.name === "AbortError") throw error;
      throw new ApiError(0, `the server stopped answering (${error.message}); is perfect-play serve still running?`);
    }
    if (chunk.done) break;
    buffered += decoder.decode(chunk.value, { stream: true });
    const lines = buffered.split("\n");
    buffered = lines.pop();
    const events = lines.filter((line) => line.trim()).map((line) => JSON.parse(line));
    if (events.length) onEvents(events);
  }
}

// Whether the game after `moves` can be shown (its moves legal, its start a position):
// the stream's first answer, the game drawn, and nothing searched.
export async function playable(name, moves, start) {
  const controller = new AbortController();
  try {
    await stream(name, moves, start, { signal: controller.signal, onEvents: () => controller.abort() });
    return true;
  } catch (error) {
    return error.name === "AbortError";
  }
}
