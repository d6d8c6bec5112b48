/* Opening a library on first use (ipr_library_loader.h says why). */
#include "ipr_library_loader.h"

#include <dlfcn.h>
#include <stdio.h>

const char *ipr_lazy_library_load(ipr_lazy_library *library) {
    pthread_mutex_lock(&library->lock);
    if (!library->tried) {
        library->tried = 1;
        void *handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
        if (handle == NULL) {
            const char *reason = dlerror();
            snprintf(library->error, sizeof library->error, "%s", reason != NULL ? reason : library->soname);
        }
        for (int i = 0; handle != NULL && i < library->count; i++) {
            library->pointers[i] = dlsym(handle, library->names[i]);
            if (library->pointers[i] == NULL) {
                snprintf(library->error, sizeof library->error, "%s has no %s", library->soname, library->names[i]);
                break;
            }
        }
    }
    const char *error = library->error[0] != 0 ? library->error : NULL;
    pthread_mutex_unlock(&library->lock);
    return error;
}
