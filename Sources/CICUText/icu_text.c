/* ICU for Layout's line breaks (README Decisions, fourth review, "Line breaking") and Markup's CJK-friendly emphasis
 * (East Asian Width and script). A C target rather than a Swift system-library module because ICU's C types would
 * clash with the toolchain's _FoundationICU copy. */
#include "icu_text.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/utext.h>
#include <unicode/uversion.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>

struct ipr_line_breaker {
    UBreakIterator *iterator;
};

/* A break iterator of `type` with the root locale's rules, behind the opaque handle. */
static ipr_line_breaker *open_breaker(UBreakIteratorType type) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(type, "", NULL, 0, &status);
    if (U_FAILURE(status) || iterator == NULL) return NULL;
    ipr_line_breaker *breaker = malloc(sizeof *breaker);
    if (breaker == NULL) {
        ubrk_close(iterator);
        return NULL;
    }
    breaker->iterator = iterator;
    return breaker;
}

ipr_line_breaker *ipr_line_breaker_open(void) { return open_breaker(UBRK_LINE); }

ipr_line_breaker *ipr_word_breaker_open(void) { return open_breaker(UBRK_WORD); }

void ipr_line_breaker_close(ipr_line_breaker *breaker) {
    if (breaker == NULL) return;
    ubrk_close(breaker->iterator);
    free(breaker);
}

int64_t ipr_line_breaks(ipr_line_breaker *breaker, const char *text, int64_t length, int64_t *boundaries, int64_t capacity) {
    if (breaker == NULL || text == NULL || length < 0 || capacity < 1) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UText *utext = utext_openUTF8(NULL, text, length, &status);
    if (U_FAILURE(status)) return -1;
    ubrk_setUText(breaker->iterator, utext, &status);
    if (U_FAILURE(status)) {
        utext_close(utext);
        return -1;
    }
    int64_t count = 0;
    int32_t boundary = ubrk_first(breaker->iterator);
    while (boundary != UBRK_DONE && count < capacity) {
        /* Native indexes of a UTF-8 UText are byte offsets; they only increase. */
        if (boundary < 0 || boundary > length || (count > 0 && boundary <= boundaries[count - 1])) break;
        boundaries[count++] = boundary;
        boundary = ubrk_next(breaker->iterator);
    }
    /* Point the iterator at nothing before the text goes away. */
    static const UChar empty[1] = {0};
    status = U_ZERO_ERROR;
    ubrk_setText(breaker->iterator, empty, 0, &status);
    utext_close(utext);
    return count;
}

void ipr_icu_version(char *buffer, int32_t size) {
    if (buffer == NULL || size < 1) return;
    UVersionInfo version;
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_getVersion(version);
    u_versionToString(version, text);
    strncpy(buffer, text, (size_t)size - 1);
    buffer[size - 1] = '\0';
}

int ipr_icu_is_east_asian_wide(uint32_t c) {
    if (c > 0x10FFFF) return 0;
    int32_t width = u_getIntPropertyValue((UChar32)c, UCHAR_EAST_ASIAN_WIDTH);
    return width == U_EA_WIDE || width == U_EA_FULLWIDTH || width == U_EA_HALFWIDTH;
}

int ipr_icu_is_hangul_script(uint32_t c) {
    if (c > 0x10FFFF) return 0;
    UErrorCode status = U_ZERO_ERROR;
    return uscript_getScript((UChar32)c, &status) == USCRIPT_HANGUL && U_SUCCESS(status);
}
