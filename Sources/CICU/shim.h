#ifndef IPRASTER_CICU_SHIM_H
#define IPRASTER_CICU_SHIM_H
/* Debian's ICU (libicu-dev) for the package manager: its pkg-config name, its apt provider and the libraries to link.
 * No ICU header is imported into Swift here (ICU's C types clash with the toolchain's _FoundationICU copy); the
 * functions ipraster calls are CICUText's, which include ICU in C. */
#endif
