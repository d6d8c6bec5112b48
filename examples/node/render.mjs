// Renders a message with a running `ipraster serve` through the client package (clients/node) and saves it.
//
//   node examples/node/render.mjs answer.md answer.png [http://127.0.0.1:8080] [--theme night] [--media ID=PATH]
//
// Any input format (.json, .md, .html by extension); any render option as --name value. Exit status: 0 saved,
// 1 the service refused the message, 2 usage, 3 no service.
import { writeFile, access } from "node:fs/promises";
import { render, ServiceError } from "../../clients/node/index.mjs";

const [input, output, ...rest] = process.argv.slice(2);
if (!input || !output) {
  console.error("usage: node render.mjs INPUT OUT.png [SERVICE_URL] [--option value ...] [--media ID=PATH ...]");
  process.exit(2);
}
const options = { url: "http://127.0.0.1:8080", media: {} };
for (let index = 0; index < rest.length; index++) {
  const item = rest[index];
  if (!item.startsWith("--")) { options.url = item; continue; }
  const name = item.slice(2);
  const value = rest[index + 1] && !rest[index + 1].startsWith("--") ? rest[++index] : true;
  if (name === "media") {
    const [id, path] = String(value).split("=", 2);
    options.media[id] = path;
  } else {
    options[name] = value;
  }
}
try {
  await access(input);
} catch {
  console.error(`render.mjs: no such input file: ${input}`);
  process.exit(2);
}
try {
  const { data, warnings, requestId } = await render(input, options);
  for (const warning of warnings) console.error(`render.mjs: warning: ${warning}`);
  await writeFile(output, data);
  console.log(`render.mjs: saved ${output} (${data.length} bytes, request ${requestId})`);
} catch (error) {
  if (!(error instanceof ServiceError)) throw error;
  console.error(`render.mjs: ${error.message}`);
  process.exit(error.status === 0 ? 3 : 1);
}
