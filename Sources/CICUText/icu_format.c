/* ICU's normalisation, date formats, time zone ids and ISO 639 languages for Math (text accents) and Layout
 * (`date_time` entities, `--locale`, `--timezone`), through the system's ICU (as the line breaks): the tool's modules import FoundationEssentials only, so Foundation's
 * `precomposedStringWithCanonicalMapping`, `DateFormatter`, `TimeZone` and `Locale.LanguageCode` (swift-corelibs-foundation over the toolchain's own
 * ICU) are not linked (issue 44). */
#include "icu_text.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/ucal.h>
#include <unicode/udat.h>
#include <unicode/udatpg.h>
#include <unicode/uloc.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>

/* `length` bytes of UTF-8 as UTF-16 in a new buffer (free it); NULL on failure. */
static UChar *utf16(const char *text, int32_t length, int32_t *out_length) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t needed = 0;
    u_strFromUTF8(NULL, 0, &needed, text, length, &status);
    if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status)) return NULL;
    UChar *buffer = malloc(((size_t)needed + 1) * sizeof(UChar));
    if (buffer == NULL) return NULL;
    status = U_ZERO_ERROR;
    u_strFromUTF8(buffer, needed + 1, out_length, text, length, &status);
    if (U_FAILURE(status)) {
        free(buffer);
        return NULL;
    }
    return buffer;
}

/* UTF-16 as UTF-8 into `out` (`capacity` bytes); the bytes needed, or -1. */
static int64_t utf8(const UChar *text, int32_t length, char *out, int64_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t needed = 0;
    u_strToUTF8(out, capacity > INT32_MAX ? INT32_MAX : (int32_t)capacity, &needed, text, length, &status);
    if (U_FAILURE(status) && status != U_BUFFER_OVERFLOW_ERROR) return -1;
    return needed;
}

int64_t ipr_icu_nfc(const char *text, int64_t length, char *out, int64_t capacity) {
    if (text == NULL || length < 0 || length > INT32_MAX / 4 || capacity < 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *nfc = unorm2_getNFCInstance(&status);
    if (U_FAILURE(status)) return -1;
    int32_t source_length = 0;
    UChar *source = utf16(text, (int32_t)length, &source_length);
    if (source == NULL) return -1;
    int32_t needed = unorm2_normalize(nfc, source, source_length, NULL, 0, &status);
    UChar *normal = malloc(((size_t)needed + 1) * sizeof(UChar));
    int64_t result = -1;
    if (normal != NULL) {
        status = U_ZERO_ERROR;
        int32_t written = unorm2_normalize(nfc, source, source_length, normal, needed + 1, &status);
        if (U_SUCCESS(status)) result = utf8(normal, written, out, capacity);
        free(normal);
    }
    free(source);
    return result;
}

int64_t ipr_icu_format_date(const char *locale, const char *zone, double milliseconds, int date_style, int time_style,
                            const char *skeleton, char *out, int64_t capacity) {
    if (locale == NULL || zone == NULL || capacity < 0) return -1;
    /* A BCP 47 tag ("zh-Hant-TW", "en-US-u-hc-h23") as ICU's locale id; an ICU id ("pt_BR") as it is. */
    char id[ULOC_FULLNAME_CAPACITY];
    int32_t parsed = 0;
    UErrorCode tag_status = U_ZERO_ERROR;
    uloc_forLanguageTag(locale, id, ULOC_FULLNAME_CAPACITY, &parsed, &tag_status);
    if (U_SUCCESS(tag_status) && tag_status != U_STRING_NOT_TERMINATED_WARNING && locale[parsed] == '\0') locale = id;
    int32_t zone_length = 0;
    UChar *zone16 = utf16(zone, -1, &zone_length);
    if (zone16 == NULL) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UDateFormat *format = NULL;
    if (skeleton != NULL) {
        /* A localised pattern for the skeleton ("EEEE": the weekday), as DateFormatter's template does. */
        int32_t skeleton_length = 0;
        UChar *skeleton16 = utf16(skeleton, -1, &skeleton_length);
        UDateTimePatternGenerator *generator = skeleton16 ? udatpg_open(locale, &status) : NULL;
        UChar pattern[128];
        int32_t pattern_length = generator ? udatpg_getBestPattern(generator, skeleton16, skeleton_length, pattern, 128, &status) : 0;
        if (generator && U_SUCCESS(status) && pattern_length < 128)
            format = udat_open(UDAT_PATTERN, UDAT_PATTERN, locale, zone16, zone_length, pattern, pattern_length, &status);
        if (generator) udatpg_close(generator);
        free(skeleton16);
    } else {
        format = udat_open((UDateFormatStyle)time_style, (UDateFormatStyle)date_style, locale, zone16, zone_length, NULL, 0, &status);
    }
    free(zone16);
    if (format == NULL || U_FAILURE(status)) {
        if (format) udat_close(format);
        return -1;
    }
    UChar text[256];
    status = U_ZERO_ERROR;
    int32_t length = udat_format(format, milliseconds, text, 256, NULL, &status);
    udat_close(format);
    if (U_FAILURE(status) || length >= 256) return -1;
    return utf8(text, length, out, capacity);
}

int ipr_icu_is_time_zone(const char *zone) {
    if (zone == NULL) return 0;
    int32_t length = 0;
    UChar *zone16 = utf16(zone, -1, &length);
    if (zone16 == NULL) return 0;
    UChar canonical[128];
    UBool system = 0;
    UErrorCode status = U_ZERO_ERROR;
    ucal_getCanonicalTimeZoneID(zone16, length, canonical, 128, &system, &status);
    free(zone16);
    return U_SUCCESS(status) && system ? 1 : 0;
}

int ipr_icu_is_iso_language(const char *code) {
    if (code == NULL) return 0;
    for (const char *const *language = uloc_getISOLanguages(); language != NULL && *language != NULL; language++) {
        if (strcmp(*language, code) == 0) return 1;
    }
    return 0;
}
