/* ipraster.h: the C interface of libipraster, ipraster's renderer of Telegram rich messages in your process.
 *
 * Link with `pkg-config --cflags --libs ipraster` after `scripts/install PREFIX`; in a checkout, scripts/setup
 * builds .build/release/libipraster.so. One header, no other ipraster file needed.
 *
 *     ipr_renderer *renderer = ipr_renderer_new();
 *     ipr_result *result = ipr_render(renderer, text, length, "{\"theme\": \"night\", \"format\": \"png\"}");
 *     if (ipr_result_status(result) == IPR_OK) {
 *         size_t size;
 *         const unsigned char *png = ipr_result_data(result, &size);   // write size bytes
 *     } else {
 *         fprintf(stderr, "%s\n", ipr_result_error_message(result));  // and ipr_result_error_location(result)
 *     }
 *     ipr_result_free(result);
 *     ipr_renderer_free(renderer);
 *
 * Input: the bytes of any input format the command line reads (Bot API or Telethon JSON, Rich Markdown, Rich
 * HTML), told apart by their content, or named with the option "from". Output: the bytes `ipraster render`
 * writes for the same input and options, byte for byte.
 *
 * Options: a JSON object (NUL-terminated UTF-8; NULL or "{}" for every default) whose keys are `ipraster render`'s
 * option names without the dashes, as the render service's query parameters are: {"width": 360, "scale": 3,
 * "theme": "night", "no-bubble": true, "from": "markdown", "format": "svg"}. A value is a string, a number or a
 * boolean (a flag: true sets it, false leaves it off); null is "not given". "format" is png (the default), svg or
 * pdf. "media" names a folder of media files (`--media DIR`). Options that name an output file or belong to a
 * process ("output", "manifest", "jobs", "shard", "quiet", ...) are refused as errors.
 *
 * Errors are results: ipr_render never returns NULL (unless memory ran out) and never aborts on input.
 * ipr_result_status is 0, or the command line's exit class: 2 for the input or the options (malformed JSON, a
 * refused message under "strict", an unknown option, a page over a limit), 3 for the machine (a missing font,
 * media folder or program). The message, the location (a JSON path such as "$.blocks[0].text", a source position
 * "3:7", or an option name) and the kind say more.
 *
 * Threads: every function may be called from any thread. A renderer renders one call at a time: calls on one
 * renderer from several threads wait for each other (safe, not parallel); for parallel renders, make one renderer
 * per thread. A result may be read from several threads; free each handle once, after its last use.
 *
 * Memory: a renderer holds its fonts and caches (some 30-40 MB resident for a world-script page); a result holds its
 * output and its page's layout until ipr_result_free. Pointers a result hands out live until it is freed.
 */
#ifndef IPRASTER_H
#define IPRASTER_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ipr_result_status's values: success, and the command line's exit classes. */
#define IPR_OK 0
#define IPR_INPUT_ERROR 2
#define IPR_ENVIRONMENT_ERROR 3

/* A renderer: fonts and caches, made warm by its first render. */
typedef struct ipr_renderer ipr_renderer;
/* One render's outcome: output bytes, warnings and layout, or an error. */
typedef struct ipr_result ipr_result;

/* ipraster's version, "MAJOR.MINOR.PATCH" (as `ipraster --version`); a static string. */
const char *ipr_version(void);

/* A new renderer (its fonts are loaded by the first render); NULL only if memory ran out. */
ipr_renderer *ipr_renderer_new(void);

/* Frees a renderer and its caches (NULL is ignored). No render may be running on it. */
void ipr_renderer_free(ipr_renderer *renderer);

/* Renders `length` bytes at `input` with `options` (see above; may be NULL). Returns a result to read and free with
   ipr_result_free. `input` may be NULL when `length` is 0 (an empty input: an error result). */
ipr_result *ipr_render(ipr_renderer *renderer, const void *input, size_t length, const char *options);

/* IPR_OK, IPR_INPUT_ERROR or IPR_ENVIRONMENT_ERROR (IPR_INPUT_ERROR for a NULL result). */
int ipr_result_status(const ipr_result *result);

/* The output (PNG, SVG or PDF bytes) and its length in *length (may be NULL); NULL (length 0) for an error. */
const unsigned char *ipr_result_data(const ipr_result *result, size_t *length);

/* The render's warnings as a JSON array of strings ("[]" when none; also for an error). */
const char *ipr_result_warnings(const ipr_result *result);

/* The layout JSON `ipraster layout` prints for the same input and options, written on the first call; NULL for
   an error. */
const char *ipr_result_layout(const ipr_result *result);

/* The page's annotations as JSON (docs/annotations.md: blocks, lines, words with their ink boxes in the image's
   pixels, attachments, table cells), when the options ask for them with "annotations": true (or "clusters", which
   adds grapheme clusters); written on the first call. NULL when not asked for, and for an error. */
const char *ipr_result_annotations(const ipr_result *result);

/* An error's message without its place; NULL on success. */
const char *ipr_result_error_message(const ipr_result *result);

/* Where the error is: a JSON path, a source position or an option name; NULL when it is about the whole input. */
const char *ipr_result_error_location(const ipr_result *result);

/* The error's kind: "usage", "unreadable", "refused", "tooLarge" or "environment"; NULL on success. */
const char *ipr_result_error_kind(const ipr_result *result);

/* Frees a result and everything it handed out (NULL is ignored). */
void ipr_result_free(ipr_result *result);

#ifdef __cplusplus
}
#endif

#endif
