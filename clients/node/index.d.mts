/** A message: a file path, its bytes, or (with `contentType`) its text. */
export type Source = string | Uint8Array;

export interface Options {
  /** The service, default http://127.0.0.1:8080. */
  url?: string;
  /** The service's bearer token (its --auth-token-file). */
  token?: string;
  /** The input's content type, instead of the file's extension. */
  contentType?: string;
  /** Media files sent with the message, by the id it names them with (multipart). */
  media?: Record<string, string | Uint8Array>;
  /** Milliseconds before the request is given up. */
  timeout?: number;
  /** The command's other options, without "--" (`theme: "night"`, `rtl: true`). */
  [option: string]: string | number | boolean | Uint8Array | Record<string, string | Uint8Array> | undefined;
}

export interface Result {
  data: Uint8Array;
  warnings: string[];
  requestId: string | null;
  contentType: string;
}

export class ServiceError extends Error {
  constructor(status: number, message: string, location?: string | null, requestId?: string | null);
  /** The HTTP status; 0 when the service cannot be reached. */
  readonly status: number;
  /** Where the problem is: a JSON path, line:column, a parameter or a header. */
  readonly location: string | null;
  readonly requestId: string | null;
  readonly serviceMessage: string;
}

export function render(source: Source, options?: Options): Promise<Result>;
export function layout(source: Source, options?: Options): Promise<Result>;
export function markdown(source: Source, options?: Options): Promise<Result>;
export function classify(source: Source, options?: Options): Promise<Result>;
export function math(source: Source, options?: Options): Promise<Result>;
