#ifndef IPRASTER_DEFLATE_BLOCKS_H
#define IPRASTER_DEFLATE_BLOCKS_H

#include <stddef.h>

/* Walks the blocks of a raw DEFLATE stream (RFC 1951) without producing output, to find where its final
   block starts (`*final_bit`, the bit holding BFINAL) and where it ends (`*end_bit`, just after its
   end-of-block code); bits count from the stream's first byte, least significant bit first. Returns 0, or -1
   for a stream that is malformed or truncated. */
int ipr_deflate_final_block(const unsigned char *stream, size_t size, size_t *final_bit, size_t *end_bit);

#endif
