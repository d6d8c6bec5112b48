// Checked with Debian's node-typescript (tsc --noEmit): the declarations a TypeScript bot compiles against.
import { render, math, ServiceError, type Result } from "../index.mjs";

async function example(): Promise<number> {
  const result: Result = await render("answer.json", { url: "http://127.0.0.1:8080", theme: "night", width: 360, rtl: true,
                                                       media: { "5368324170671202286": "thumbs-up.tgs" } });
  const warnings: string[] = result.warnings;
  const formula = await math("x^2", { json: true });
  try {
    await render(new Uint8Array([1, 2]), { contentType: "application/json" });
  } catch (error) {
    if (error instanceof ServiceError) return error.status;
  }
  return result.data.length + warnings.length + formula.data.length;
}
void example;
