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
