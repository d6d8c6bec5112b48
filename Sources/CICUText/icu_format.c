/* ICU's normalisation, date formats, time zone ids and ISO 639 languages for Math (text accents) and Layout
 * (`date_time` entities, `--locale`, `--timezone`), through the system's ICU (as the line breaks): the tool's modules import FoundationEssentials only, so Foundation's
 * `precomposedStringWithCanonicalMapping`, `DateFormatter`, `TimeZone` and `Locale.LanguageCode` (swift-corelibs-foundation over the toolchain's own
 * ICU) are not linked (issue 44).
 *
 * Dates and time zones are ICU's i18n library, which costs a process 1 MB resident just by being linked (its
 * relocations) and which a page without a date never uses: it is opened with dlopen on first use, by the soname and
 * the versioned symbol names of the ICU these headers belong to (Debian 12: libicui18n.so.72, udat_open_72). */
#include "icu_text.h"
#include "ipr_library_loader.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ucal.h>
#include <unicode/udat.h>
#include <unicode/udatpg.h>
#include <unicode/uenum.h>
#include <unicode/uloc.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>

#define IPR_ICU_TEXT(x) #x
#define IPR_ICU_NUMBER(x) IPR_ICU_TEXT(x)
/* ICU's versioned name of `name` ("udat_open_72"): `#name` is the name as written, before the header's renaming macro. */
#define IPR_ICU_SYMBOL(name) #name "_" IPR_ICU_NUMBER(U_ICU_VERSION_MAJOR_NUM)

/* The i18n functions used here, resolved once; all NULL when the library or one symbol is missing. */
static struct {
    __typeof__(&udat_open) open;
    __typeof__(&udat_format) format;
    __typeof__(&udat_close) close;
    __typeof__(&udatpg_open) generator_open;
    __typeof__(&udatpg_getBestPattern) best_pattern;
    __typeof__(&udatpg_close) generator_close;
    __typeof__(&ucal_getCanonicalTimeZoneID) canonical_zone;
    __typeof__(&ucal_openTimeZones) open_zones;
} i18n;
static pthread_once_t i18n_once = PTHREAD_ONCE_INIT;

static const char *const i18n_names[] = {
    IPR_ICU_SYMBOL(udat_open), IPR_ICU_SYMBOL(udat_format), IPR_ICU_SYMBOL(udat_close), IPR_ICU_SYMBOL(udatpg_open),
    IPR_ICU_SYMBOL(udatpg_getBestPattern), IPR_ICU_SYMBOL(udatpg_close), IPR_ICU_SYMBOL(ucal_getCanonicalTimeZoneID),
    IPR_ICU_SYMBOL(ucal_openTimeZones),
};
static void *i18n_symbols[sizeof i18n_names / sizeof i18n_names[0]];
static ipr_lazy_library i18n_library = IPR_LAZY_LIBRARY("libicui18n.so." IPR_ICU_NUMBER(U_ICU_VERSION_MAJOR_NUM), i18n_names, i18n_symbols);

static void load_i18n(void) {
    if (ipr_lazy_library_load(&i18n_library) != NULL) return;
    i18n.open = (__typeof__(i18n.open))i18n_symbols[0];
    i18n.format = (__typeof__(i18n.format))i18n_symbols[1];
    i18n.close = (__typeof__(i18n.close))i18n_symbols[2];
    i18n.generator_open = (__typeof__(i18n.generator_open))i18n_symbols[3];
    i18n.best_pattern = (__typeof__(i18n.best_pattern))i18n_symbols[4];
    i18n.generator_close = (__typeof__(i18n.generator_close))i18n_symbols[5];
    i18n.canonical_zone = (__typeof__(i18n.canonical_zone))i18n_symbols[6];
    i18n.open_zones = (__typeof__(i18n.open_zones))i18n_symbols[7];
}

/* Whether ICU's i18n library is open (opening it on the first call). */
static int have_i18n(void) {
    pthread_once(&i18n_once, load_i18n);
    return i18n.canonical_zone != NULL;
}

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
    if (locale == NULL || zone == NULL || capacity < 0 || !have_i18n()) return -1;
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
        UDateTimePatternGenerator *generator = skeleton16 ? i18n.generator_open(locale, &status) : NULL;
        UChar pattern[128];
        int32_t pattern_length = generator ? i18n.best_pattern(generator, skeleton16, skeleton_length, pattern, 128, &status) : 0;
        if (generator && U_SUCCESS(status) && pattern_length < 128)
            format = i18n.open(UDAT_PATTERN, UDAT_PATTERN, locale, zone16, zone_length, pattern, pattern_length, &status);
        if (generator) i18n.generator_close(generator);
        free(skeleton16);
    } else {
        format = i18n.open((UDateFormatStyle)time_style, (UDateFormatStyle)date_style, locale, zone16, zone_length, NULL, 0, &status);
    }
    free(zone16);
    if (format == NULL || U_FAILURE(status)) {
        if (format) i18n.close(format);
        return -1;
    }
    UChar text[256];
    status = U_ZERO_ERROR;
    int32_t length = i18n.format(format, milliseconds, text, 256, NULL, &status);
    i18n.close(format);
    if (U_FAILURE(status) || length >= 256) return -1;
    return utf8(text, length, out, capacity);
}

int64_t ipr_icu_time_zones(char *out, int64_t capacity) {
    if (!have_i18n()) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UEnumeration *zones = i18n.open_zones(&status);
    if (zones == NULL || U_FAILURE(status)) return -1;
    int64_t needed = 0;
    const char *zone;
    int32_t length = 0;
    while ((zone = uenum_next(zones, &length, &status)) != NULL && U_SUCCESS(status)) {
        if (needed + length + 1 <= capacity) {
            memcpy(out + needed, zone, (size_t)length);
            out[needed + length] = '\n';
        }
        needed += length + 1;
    }
    uenum_close(zones);
    return U_SUCCESS(status) ? needed : -1;
}

int64_t ipr_icu_iso_languages(char *out, int64_t capacity) {
    int64_t needed = 0;
    for (const char *const *language = uloc_getISOLanguages(); language != NULL && *language != NULL; language++) {
        int64_t length = (int64_t)strlen(*language);
        if (needed + length + 1 <= capacity) {
            memcpy(out + needed, *language, (size_t)length);
            out[needed + length] = '\n';
        }
        needed += length + 1;
    }
    return needed;
}
