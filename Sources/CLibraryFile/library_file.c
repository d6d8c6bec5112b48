/* The file of the shared object this code is linked into (issue 59): libipraster.so finds its fonts relative to
   its own file (PREFIX/lib/libipraster.so → PREFIX/share/ipraster/fonts), whatever program loaded it. glibc's
   dladdr answers for an address; there is no Swift spelling of it (Glibc's module hides it behind _GNU_SOURCE). */

#define _GNU_SOURCE
#include "ipr_library_file.h"

#include <dlfcn.h>
#include <stddef.h>

const char *ipr_library_file_path(void) {
    Dl_info info;
    if (dladdr((const void *)&ipr_library_file_path, &info) == 0 || info.dli_fname == NULL || info.dli_fname[0] != '/') return NULL;
    return info.dli_fname;
}
