#ifndef IPRASTER_ICU_TEXT_H
#define IPRASTER_ICU_TEXT_H

#include <stdint.h>

/* ICU's line-break iterator behind an opaque handle, the character properties the Swift standard library lacks,
 * normalisation and date formats. ICU's own types stay out of this header: the Swift toolchain
 * carries another ICU (_FoundationICU) whose types of the same names would clash in Swift's module graph. */

typedef struct ipr_line_breaker ipr_line_breaker;

/* A line-break iterator (UBRK_LINE, root locale: the default rules, dictionaries by script); NULL when ICU cannot
 * open its rules. */
ipr_line_breaker *ipr_line_breaker_open(void);
/* A word-break iterator (UBRK_WORD, root locale: UAX #29 word boundaries, ICU's dictionaries for Thai, Lao, Khmer,
 * Myanmar, Chinese and Japanese); its boundaries come from `ipr_line_breaks` as well. NULL when ICU cannot open it. */
ipr_line_breaker *ipr_word_breaker_open(void);
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

/* `length` bytes of UTF-8 in Unicode's normalisation form C, written to `out` (`capacity` bytes, not terminated);
 * returns the bytes needed (more than `capacity`: call again with that much), or -1 on invalid input. */
int64_t ipr_icu_nfc(const char *text, int64_t length, char *out, int64_t capacity);

/* ICU's date format styles (UDateFormatStyle's values). */
enum { IPR_DATE_NONE = -1, IPR_DATE_FULL = 0, IPR_DATE_LONG = 1, IPR_DATE_MEDIUM = 2, IPR_DATE_SHORT = 3 };

/* The moment `milliseconds` after 1970 in `locale` (a BCP 47 or ICU locale id) and the time zone `zone` (an Olson
 * id; ICU's "Etc/Unknown", GMT, for an unknown one): in the styles `date_style` and `time_style`, or, when
 * `skeleton` is not NULL, in the locale's best pattern for that skeleton ("EEEE"). UTF-8 into `out` as
 * `ipr_icu_nfc`; -1 when ICU fails. */
int64_t ipr_icu_format_date(const char *locale, const char *zone, double milliseconds, int date_style, int time_style,
                            const char *skeleton, char *out, int64_t capacity);

/* The time zone ids ICU knows (Olson ids such as "Europe/Berlin", their aliases, "UTC"), each followed by a
 * newline, into `out` (`capacity` bytes); returns the bytes needed (more than `capacity`: call again with that
 * much), or -1 when ICU's i18n library is missing. */
int64_t ipr_icu_time_zones(char *out, int64_t capacity);

/* ICU's ISO 639 language codes (lower case), each followed by a newline, as `ipr_icu_time_zones`. */
int64_t ipr_icu_iso_languages(char *out, int64_t capacity);

#endif
