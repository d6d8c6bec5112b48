#ifndef IPRASTER_CRLOTTIE_H
#define IPRASTER_CRLOTTIE_H
/* Debian's librlottie (Samsung rlottie 0.1 with Debian's patches) for TGS custom emoji, opened on first use
   (rlottie.c): its C API's types, and the calls MediaSources makes. */
#include <stddef.h>
#include <stdint.h>
#include <rlottie_capi.h>

/* Opens librlottie (once per process): NULL when it is there, else why not. */
const char *ipr_lottie_load(void);
/* lottie_animation_from_data, _destroy, _get_totalframe, _get_framerate and _render, called only once
   ipr_lottie_load() has succeeded, and only in the helper process below. */
Lottie_Animation *ipr_lottie_from_data(const char *data, const char *key, const char *resource_path);
void ipr_lottie_destroy(Lottie_Animation *animation);
size_t ipr_lottie_total_frames(const Lottie_Animation *animation);
double ipr_lottie_frame_rate(const Lottie_Animation *animation);
void ipr_lottie_render(Lottie_Animation *animation, size_t frame, uint32_t *buffer, size_t width, size_t height, size_t bytes_per_line);

/* A helper process that makes every rlottie call (lottie_helper.c): forked on start, it loads animations by id and
   renders their frames, under an address-space limit of `memory_budget` bytes over what it inherited, a CPU limit
   of `cpu_seconds` a request and no core file. Each call waits at most `seconds`. Results: 0; -1 the helper is not
   running or died (its memory limit, a crash); -2 past the deadline; -3 rlottie refused (an unknown id, JSON it
   cannot load). After -1 or -2 the caller stops the helper (killed and reaped) and may start another. Not
   thread-safe: the caller serialises. */
typedef struct {
    int pid;
    int to_child;
    int from_child;
} ipr_lottie_helper;

void ipr_lottie_helper_init(ipr_lottie_helper *helper);
int ipr_lottie_helper_start(ipr_lottie_helper *helper, size_t memory_budget, unsigned cpu_seconds);
void ipr_lottie_helper_stop(ipr_lottie_helper *helper);
int ipr_lottie_helper_load(ipr_lottie_helper *helper, uint32_t id, const char *json, size_t size, double seconds,
                           size_t *frames, double *frame_rate);
/* Frame `frame` into `pixels` (side x side premultiplied ARGB32, rows of side * 4 bytes). */
int ipr_lottie_helper_render(ipr_lottie_helper *helper, uint32_t id, size_t frame, uint32_t *pixels, size_t side, double seconds);
void ipr_lottie_helper_unload(ipr_lottie_helper *helper, uint32_t id);

#endif
