#ifndef IPRASTER_DEFLATE_COPY_BLOCK_H
#define IPRASTER_DEFLATE_COPY_BLOCK_H

#include <stddef.h>

/* Writes at `out` one DEFLATE block that copies `length` (at least 3) bytes from `distance` (1...32768) bytes back,
   starting at a byte boundary. With `final` it is the stream's last block (BFINAL set; padded to a byte); else it
   is followed by an empty stored block, so the stream is at a byte boundary again. Returns the bytes written, at
   most ipr_deflate_copy_block_bound(length), or 0 for arguments out of range. */
size_t ipr_deflate_copy_block(unsigned char *out, size_t distance, size_t length, int final);
size_t ipr_deflate_copy_block_bound(size_t length);

#endif
