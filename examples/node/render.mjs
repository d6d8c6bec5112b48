// Posts a Markdown answer to a running `ipraster serve` and saves the PNG (Node 18+, built-in fetch only).
//
//   node examples/node/render.mjs answer.md answer.png [http://127.0.0.1:8080]
import { readFile, writeFile } from "node:fs/promises";

const [markdown, output, url = "http://127.0.0.1:8080"] = process.argv.slice(2);
if (!markdown || !output) {
  console.error("usage: node render.mjs ANSWER.md OUT.png [SERVICE_URL]");
  process.exit(2);
}
const response = await fetch(`${url}/render?theme=day&width=320`, {
  method: "POST",
  headers: { "Content-Type": "text/markdown; charset=utf-8" },
  body: await readFile(markdown),
});
if (!response.ok) {
  const problem = await response.json();
  console.error(`render.mjs: ${response.status}: ${problem.error} (at ${problem.location})`);
  process.exit(1);
}
const image = Buffer.from(await response.arrayBuffer());
await writeFile(output, image);
console.log(`render.mjs: saved ${output} (${image.length} bytes)`);
