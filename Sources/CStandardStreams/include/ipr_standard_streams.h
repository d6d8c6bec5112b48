#ifndef IPRASTER_STANDARD_STREAMS_H
#define IPRASTER_STANDARD_STREAMS_H

#include <stdio.h>

/* The C library's standard output stream. Glibc exposes it as a global variable, which Swift 6 refuses to read
   (shared mutable state); the command line uses it from its main thread only, through this function. */
FILE *ipr_standard_output(void);

#endif
