/* librlottie opened on first use: only a page with a TGS custom emoji needs it, and it is C++, which costs every
   process that links it its relocations and libstdc++'s (issue 44). Debian 12's soname. */
#include "CRLottie.h"
#include "ipr_library_loader.h"

static const char *const names[] = { "lottie_animation_from_data", "lottie_animation_destroy", "lottie_animation_get_totalframe",
                                     "lottie_animation_get_framerate", "lottie_animation_render" };
static void *pointers[5];
static ipr_lazy_library library = IPR_LAZY_LIBRARY("librlottie.so.0-1", names, pointers);

const char *ipr_lottie_load(void) { return ipr_lazy_library_load(&library); }

/* No ipr_lottie_load() here: its lock may be held by another thread of the parent at the helper's fork. */
Lottie_Animation *ipr_lottie_from_data(const char *data, const char *key, const char *resource_path) {
    return ((__typeof__(&lottie_animation_from_data))pointers[0])(data, key, resource_path);
}

void ipr_lottie_destroy(Lottie_Animation *animation) { ((__typeof__(&lottie_animation_destroy))pointers[1])(animation); }

size_t ipr_lottie_total_frames(const Lottie_Animation *animation) {
    return ((__typeof__(&lottie_animation_get_totalframe))pointers[2])(animation);
}

double ipr_lottie_frame_rate(const Lottie_Animation *animation) {
    return ((__typeof__(&lottie_animation_get_framerate))pointers[3])(animation);
}

void ipr_lottie_render(Lottie_Animation *animation, size_t frame, uint32_t *buffer, size_t width, size_t height, size_t bytes_per_line) {
    ((__typeof__(&lottie_animation_render))pointers[4])(animation, frame, buffer, width, height, bytes_per_line);
}
