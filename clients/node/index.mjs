// A client for `ipraster serve` (no dependencies; Node 18's fetch, FormData and Blob).
import { readFile } from "node:fs/promises";
import { extname } from "node:path";

const CONTENT_TYPES = {
  ".json": "application/json", ".md": "text/markdown", ".markdown": "text/markdown",
  ".html": "text/html", ".htm": "text/html", ".tex": "text/plain", ".txt": "text/plain",
};

/** The service refused the request (or could not be reached: status 0). */
export class ServiceError extends Error {
  constructor(status, message, location = null, requestId = null) {
    super(`${status}: ${message}` + (location ? ` (at ${location})` : ""));
    this.name = "ServiceError";
    this.status = status;
    this.location = location;
    this.requestId = requestId;
    this.serviceMessage = message;
  }
}

async function bytesOf(source, contentType) {
  if (source instanceof Uint8Array) return source;
  if (typeof source === "string" && contentType) return new TextEncoder().encode(source);
  return new Uint8Array(await readFile(source));
}

// The given type, else the path's extension's, else the route's own (`fallback`: Markdown for classify, plain text
// for math), else bytes to sniff.
function typeOf(source, contentType, fallback) {
  if (contentType) return contentType;
  if (typeof source === "string" && CONTENT_TYPES[extname(source).toLowerCase()]) return CONTENT_TYPES[extname(source).toLowerCase()];
  return fallback ?? "application/octet-stream";
}

function parameter(value) {
  if (value === true) return "1";
  if (value === false) return "0";
  return String(value);
}

// A string is a path unless the caller gives `contentType` (then it is the text itself), for every route alike.
async function request(route, source, options = {}, fallbackType = undefined) {
  const { url = "http://127.0.0.1:8080", token, contentType, media, timeout = 60_000, ...rest } = options;
  const type = typeOf(source, contentType, fallbackType);
  let body = await bytesOf(source, contentType);
  const headers = {};
  if (media && Object.keys(media).length > 0) {
    const form = new FormData();
    form.append("message", new Blob([body], { type }), "message");
    for (const [id, file] of Object.entries(media)) {
      form.append(id, new Blob([file instanceof Uint8Array ? file : new Uint8Array(await readFile(file))]), id);
    }
    body = form;
  } else {
    headers["Content-Type"] = type;
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  const query = new URLSearchParams(Object.entries(rest).filter(([, value]) => value !== undefined)
    .map(([name, value]) => [name.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase()).replace(/_/g, "-"), parameter(value)])).toString();
  let response;
  try {
    response = await fetch(url.replace(/\/$/, "") + route + (query ? "?" + query : ""),
      { method: "POST", headers, body, signal: AbortSignal.timeout(timeout) });
  } catch (error) {
    throw new ServiceError(0, `cannot reach ${url}: ${error.cause?.code ?? error.message}`);
  }
  const requestId = response.headers.get("X-Request-Id");
  const data = new Uint8Array(await response.arrayBuffer());
  if (!response.ok) {
    let problem = {};
    try { problem = JSON.parse(new TextDecoder().decode(data)); } catch { problem = { error: new TextDecoder().decode(data).trim() }; }
    throw new ServiceError(response.status, problem.error ?? response.statusText, problem.location ?? null, requestId);
  }
  let warnings = [];
  const header = response.headers.get("X-Ipraster-Warnings");
  if (header) { try { warnings = JSON.parse(header).map(String); } catch { warnings = [header]; } }
  return { data, warnings, requestId, contentType: response.headers.get("Content-Type") ?? "" };
}

/** The message as an image (PNG; `format: "svg"` or `"pdf"`). */
export const render = (source, options) => request("/render", source, options);
/** The layout JSON (frames, lines, baselines, warnings). */
export const layout = (source, options) => request("/layout", source, options);
/** The message copied as Markdown (`lossless: true` for the lossless copy). */
export const markdown = (source, options) => request("/markdown", source, options);
/** `rich (TRIGGER)` or `plain` for Markdown (`json: true`: JSON). */
export const classify = (source, options = {}) => request("/classify", source, options, "text/markdown");
/** A LaTeX formula as an image (`json: true`: its box). */
export const math = (source, options = {}) => request("/math", source, options, "text/plain");
