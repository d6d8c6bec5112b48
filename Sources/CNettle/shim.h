#ifndef IPRASTER_CNETTLE_SHIM_H
#define IPRASTER_CNETTLE_SHIM_H
/* Nettle's SHA-256: the digest of each output in a batch's annotations file (issue 60). */
#include <nettle/sha2.h>
#endif
