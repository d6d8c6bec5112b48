#ifndef IPRASTER_CRLOTTIE_SHIM_H
#define IPRASTER_CRLOTTIE_SHIM_H
/* Debian's librlottie (Samsung rlottie 0.1 with Debian's patches): its C API, for TGS custom emoji. */
#include <rlottie_capi.h>
#endif
