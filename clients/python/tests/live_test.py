"""The client against a live `ipraster serve` (run by the Swift slow tier, `PythonClientSlowTests`):

    python3 live_test.py URL TOKEN_URL TOKEN IPRASTER REPOSITORY

URL is a service without a token, TOKEN_URL one that needs TOKEN; IPRASTER is the command line the bytes are compared
with. Prints each check; exits 1 on the first that fails.
"""
import asyncio
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from ipraster_client import AsyncClient, Client, ServiceError  # noqa: E402
from ipraster_client.cli import main as cli_main  # noqa: E402

url, token_url, token, ipraster, root = sys.argv[1:6]
sample = os.path.join(root, "Tests/Data/samples/botapi/a_chat_answer.sendRichMessage.json")
answer = os.path.join(root, "Tests/Data/answers/math-answer.md")
page = os.path.join(root, "Tests/Fixtures/text/media-sticker-and-image.json")
tgs = os.path.join(root, "Tests/Data/stickers/files/5000000000000000001.tgs")


def command_line(*arguments: str, stdin: bytes = b"") -> bytes:
    return subprocess.run([ipraster, *arguments], input=stdin, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True).stdout


def check(what: str, condition: bool) -> None:
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        sys.exit(1)


client = Client(url)
check("JSON gives the command line's PNG", client.render(sample).data == command_line(sample, "-o", "-"))
check("Markdown with options gives the command line's PNG",
      client.render(answer, theme="night", width=360).data == command_line(answer, "-o", "-", "--theme", "night", "--width", "360"))
html = b"<p>Hello <b>bold</b> and <i>italic</i></p>"
check("HTML bytes with a content type give the command line's SVG",
      client.render(html, content_type="text/html", format="svg").data == command_line("-", "-o", "-", "--from", "html", "--format", "svg", stdin=html))
with tempfile.TemporaryDirectory() as folder:
    with open(tgs, "rb") as source, open(os.path.join(folder, "5000000000000000001.tgs"), "wb") as copy:
        copy.write(source.read())
    sent = client.render(page, media={"5000000000000000001": tgs})
    check("media sent with the message: the command line's bytes with them in --media", sent.data == command_line(page, "--media", folder, "-o", "-"))
check("a request id comes back", bool(sent.request_id) and len(sent.request_id or "") == 32)
warned = client.render("Unassigned: \u0378\n".encode(), content_type="text/markdown")
check("warnings come back", any("U+0378" in warning for warning in warned.warnings))
layout = client.layout(sample, compact=True)
check("layout JSON", layout.content_type == "application/json" and layout.text.startswith("{"))
check("markdown copy", client.markdown(sample, lossless=True).data == command_line("markdown", sample, "--lossless"))
check("classify", client.classify(b"# Title\n\nA **rich** answer\n").text.startswith("rich"))
check("math", client.math(b"x^2", json=True).content_type == "application/json")
try:
    client.render(answer, theme="/etc/passwd")
    check("a refused option raises", False)
except ServiceError as error:
    check("a refused option raises ServiceError 400 at theme", error.status == 400 and error.location == "theme" and "theme must be" in error.message)
try:
    client.render(b'{"blocks": [{"type": "paragraph"}]}', content_type="application/json")
    check("a bad message raises", False)
except ServiceError as error:
    check("a bad message raises 422 with its JSON path", error.status == 422 and (error.location or "").startswith("$.blocks[0]"))
try:
    Client(token_url).render(answer)
    check("no token raises", False)
except ServiceError as error:
    check("no token: 401 at Authorization", error.status == 401 and error.location == "Authorization")
check("the token opens it", Client(token_url, token=token).render(answer).data == command_line(answer, "-o", "-"))
try:
    Client("http://127.0.0.1:9").render(answer)
    check("an unreachable service raises", False)
except ServiceError as error:
    check("an unreachable service raises status 0", error.status == 0)
check("AsyncClient", asyncio.run(AsyncClient(url).render(sample)).data == command_line(sample, "-o", "-"))
with tempfile.TemporaryDirectory() as folder:
    out = os.path.join(folder, "out.png")
    check("the console script saves the image", cli_main(["render", answer, "-o", out, "--url", url, "--theme", "night"]) == 0
          and open(out, "rb").read() == command_line(answer, "-o", "-", "--theme", "night"))
    check("the console script: a missing input is exit 2", cli_main(["render", os.path.join(folder, "nope.md"), "-o", out, "--url", url]) == 2)
    check("the console script: a refusal is exit 1", cli_main(["render", answer, "-o", out, "--url", url, "--theme", "/x"]) == 1)
print("all checks passed")
