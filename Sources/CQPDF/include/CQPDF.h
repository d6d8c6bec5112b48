#ifndef IPRASTER_CQPDF_H
#define IPRASTER_CQPDF_H

#include <stddef.h>
#include <stdint.h>

/* What Cairo 1.16 leaves out of a tagged PDF, added with libqpdf (Debian's libqpdf29, opened on first use): the
   catalog's /Lang and /ViewerPreferences << /DisplayDocTitle true >>, and for the structure elements in the order their
   tags began (the tree's preorder) an /Alt (`alts[i]`, UTF-8, NULL for none) and a table header's
   /A << /O /Table /Scope /Column >> (`scopes[i]`: "Column", "Row" or NULL). `roles[i]` is the element's tag: an element
   whose /S differs refuses the whole rewrite (nothing is guessed). `language` may be NULL.
   Returns 0 with the rewritten PDF in `*out` (free with ipr_qpdf_free); -1 when libqpdf cannot be opened, -2 when the
   tree is not the one described, -3 when qpdf fails (`error` says why in each case). */
int ipr_qpdf_add_structure_attributes(const uint8_t *pdf, size_t size, const char *language, int count,
                                      const char *const *roles, const char *const *alts, const char *const *scopes,
                                      uint8_t **out, size_t *out_size, char *error, size_t error_size);

void ipr_qpdf_free(void *pointer);

#endif
