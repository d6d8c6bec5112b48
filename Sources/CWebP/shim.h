#ifndef IPRASTER_CWEBP_SHIM_H
#define IPRASTER_CWEBP_SHIM_H
#include <stdint.h>
#include <stddef.h>
#include <webp/decode.h>
#include <webp/encode.h>
#endif
