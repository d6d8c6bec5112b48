#ifndef IPRASTER_CRLOTTIE_H
#define IPRASTER_CRLOTTIE_H
/* Debian's librlottie (Samsung rlottie 0.1 with Debian's patches) for TGS custom emoji, opened on first use
   (rlottie.c): its C API's types, and the calls MediaSources makes. */
#include <stddef.h>
#include <stdint.h>
#include <rlottie_capi.h>

/* Opens librlottie (once per process): NULL when it is there, else why not. */
const char *ipr_lottie_load(void);
/* lottie_animation_from_data, _destroy, _get_totalframe, _get_framerate and _render; NULL when the library cannot
   be opened (the others take an animation, which exists only once it is). */
Lottie_Animation *ipr_lottie_from_data(const char *data, const char *key, const char *resource_path);
void ipr_lottie_destroy(Lottie_Animation *animation);
size_t ipr_lottie_total_frames(const Lottie_Animation *animation);
double ipr_lottie_frame_rate(const Lottie_Animation *animation);
void ipr_lottie_render(Lottie_Animation *animation, size_t frame, uint32_t *buffer, size_t width, size_t height, size_t bytes_per_line);

#endif
