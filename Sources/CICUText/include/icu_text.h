#ifndef IPRASTER_ICU_TEXT_H
#define IPRASTER_ICU_TEXT_H

#include <stdint.h>

/* ICU's line-break iterator behind an opaque handle, and the character properties the Swift standard library lacks. ICU's own types stay out of this header: the Swift toolchain
 * carries another ICU (_FoundationICU) whose types of the same names would clash in Swift's module graph. */

typedef struct ipr_line_breaker ipr_line_breaker;

/* A line-break iterator (UBRK_LINE, root locale: the default rules, dictionaries by script); NULL when ICU cannot
 * open its rules. */
ipr_line_breaker *ipr_line_breaker_open(void);
void ipr_line_breaker_close(ipr_line_breaker *breaker);

/* Writes the line-break boundaries of `length` bytes of UTF-8 at `text` (byte offsets, 0 and `length` included,
 * increasing) into `boundaries`, at most `capacity` of them; returns how many, or -1 when ICU fails. */
int64_t ipr_line_breaks(ipr_line_breaker *breaker, const char *text, int64_t length, int64_t *boundaries, int64_t capacity);

/* 1 when `c`'s East Asian Width (UAX #11) is Wide, Fullwidth or Halfwidth, else 0. */
int ipr_icu_is_east_asian_wide(uint32_t c);

/* 1 when `c`'s script (UAX #24) is Hangul, else 0. */
int ipr_icu_is_hangul_script(uint32_t c);

/* ICU's version ("72.1") into `buffer` of `size` bytes. */
void ipr_icu_version(char *buffer, int32_t size);

#endif
