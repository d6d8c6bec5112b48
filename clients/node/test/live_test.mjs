// The Node client against a live `ipraster serve` (run by the Swift slow tier, `NodeClientSlowTests`):
//   node live_test.mjs URL TOKEN_URL TOKEN IPRASTER REPOSITORY
import { execFileSync } from "node:child_process";
import { mkdtempSync, copyFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { render, layout, markdown, classify, math, ServiceError } from "../index.mjs";

const [url, tokenUrl, token, ipraster, root] = process.argv.slice(2);
const sample = join(root, "Tests/Data/samples/botapi/a_chat_answer.sendRichMessage.json");
const answer = join(root, "Tests/Data/answers/math-answer.md");
const page = join(root, "Tests/Fixtures/text/media-sticker-and-image.json");
const tgs = join(root, "Tests/Data/stickers/files/5000000000000000001.tgs");

const cli = (args, input) => new Uint8Array(execFileSync(ipraster, args, { input, stdio: ["pipe", "pipe", "ignore"], maxBuffer: 1 << 26 }));
const same = (a, b) => a.length === b.length && a.every((value, index) => value === b[index]);
function check(what, condition) {
  console.log((condition ? "ok   " : "FAIL ") + what);
  if (!condition) process.exit(1);
}
async function rejects(promise) {
  try { await promise; } catch (error) { return error; }
  return null;
}

check("JSON gives the command line's PNG", same((await render(sample, { url })).data, cli([sample, "-o", "-"])));
check("Markdown with options", same((await render(answer, { url, theme: "night", width: 360 })).data,
  cli([answer, "-o", "-", "--theme", "night", "--width", "360"])));
const html = "<p>Hello <b>bold</b></p>";
check("HTML text with a content type, as SVG", same((await render(html, { url, contentType: "text/html", format: "svg" })).data,
  cli(["-", "-o", "-", "--from", "html", "--format", "svg"], html)));
const folder = mkdtempSync(join(tmpdir(), "ipraster-node-"));
copyFileSync(tgs, join(folder, "5000000000000000001.tgs"));
const sent = await render(page, { url, media: { "5000000000000000001": tgs } });
check("media sent with the message", same(sent.data, cli([page, "--media", folder, "-o", "-"])));
// Issue 57: every function reads a path as the file (classify and math sent the path's own text before).
writeFileSync(join(folder, "f.tex"), "\\frac{a}{b}\n");
check("layout of a path", same((await layout(sample, { url })).data, cli(["layout", sample])));
check("markdown of a path", same((await markdown(answer, { url })).data, cli(["markdown", answer])));
check("classify of a path", same((await classify(answer, { url })).data, cli(["classify", answer])));
check("classify of a path is rich", new TextDecoder().decode((await classify(answer, { url })).data).startsWith("rich"));
check("math of a path", same((await math(join(folder, "f.tex"), { url })).data, cli(["math", "-", "-o", "-"], "\\frac{a}{b}\n")));
check("math of text with a content type", same((await math("x^2", { url, contentType: "text/plain" })).data, cli(["math", "x^2", "-o", "-"])));
rmSync(folder, { recursive: true });
check("a request id", typeof sent.requestId === "string" && sent.requestId.length === 32);
check("warnings", (await render("Unassigned: \u0378\n", { url, contentType: "text/markdown" })).warnings.some((w) => w.includes("U+0378")));
check("layout", (await layout(sample, { url, compact: true })).contentType === "application/json");
check("markdown", same((await markdown(sample, { url, lossless: true })).data, cli(["markdown", sample, "--lossless"])));
check("classify of text", new TextDecoder().decode((await classify("# T\n\nA **rich** one\n", { url, contentType: "text/markdown" })).data).startsWith("rich"));
check("math of bytes", (await math(new TextEncoder().encode("x^2"), { url, json: true })).contentType === "application/json");
let error = await rejects(render(answer, { url, theme: "/etc/passwd" }));
check("a refused option: ServiceError 400 at theme", error instanceof ServiceError && error.status === 400 && error.location === "theme");
error = await rejects(render('{"blocks": [{"type": "paragraph"}]}', { url, contentType: "application/json" }));
check("a bad message: 422 at its JSON path", error instanceof ServiceError && error.status === 422 && error.location.startsWith("$.blocks[0]"));
error = await rejects(render(answer, { url: tokenUrl }));
check("no token: 401 at Authorization", error instanceof ServiceError && error.status === 401 && error.location === "Authorization");
check("the token opens it", same((await render(answer, { url: tokenUrl, token })).data, cli([answer, "-o", "-"])));
error = await rejects(render(answer, { url: "http://127.0.0.1:9" }));
check("unreachable: status 0", error instanceof ServiceError && error.status === 0);
console.log("all checks passed");
