#ifndef IPRASTER_CJPEG_SHIM_H
#define IPRASTER_CJPEG_SHIM_H
/* libjpeg-turbo's TurboJPEG API: plain return codes, no longjmp. */
#include <stddef.h>
#include <turbojpeg.h>
#endif
