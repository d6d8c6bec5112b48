#ifndef IPRASTER_LIBRARY_LOADER_H
#define IPRASTER_LIBRARY_LOADER_H

#include <pthread.h>
#include <stddef.h>

/* A shared library a process opens with dlopen the first time it needs it, rather than linking it: a linked library
   is mapped and relocated at every start, which costs a one-shot render resident memory for codecs its page never
   uses (issue 44). The functions' addresses are resolved together; `pointers[i]` is `names[i]`'s. */
typedef struct {
    const char *soname;
    const char *const *names;
    void **pointers;
    int count;
    pthread_mutex_t lock;
    int tried;
    char error[320];
} ipr_lazy_library;

#define IPR_LAZY_LIBRARY(soname, names, pointers) \
    { soname, names, pointers, (int)(sizeof(names) / sizeof((names)[0])), PTHREAD_MUTEX_INITIALIZER, 0, "" }

/* Opens the library and resolves every name (once per process, from any thread): NULL when all are there, else
   why not (the loader's message, or which function the library lacks). */
const char *ipr_lazy_library_load(ipr_lazy_library *library);

#endif
