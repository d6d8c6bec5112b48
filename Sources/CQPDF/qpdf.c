/* libqpdf opened on first use: only a PDF output needs it (issue 44's rule for libraries a render may not need).
   Debian 12's soname. The C API's object handles are released with the qpdf_data. */
#include "CQPDF.h"
#include "ipr_library_loader.h"

#include <qpdf/qpdf-c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const names[] = {
    "qpdf_init", "qpdf_cleanup", "qpdf_silence_errors", "qpdf_set_suppress_warnings", "qpdf_read_memory", "qpdf_get_root",
    "qpdf_oh_get_key", "qpdf_oh_is_array", "qpdf_oh_is_dictionary", "qpdf_oh_get_array_n_items", "qpdf_oh_get_array_item",
    "qpdf_oh_is_name_and_equals", "qpdf_oh_replace_key", "qpdf_oh_new_unicode_string", "qpdf_oh_new_name",
    "qpdf_oh_new_dictionary", "qpdf_oh_new_bool", "qpdf_init_write_memory", "qpdf_set_deterministic_ID", "qpdf_write",
    "qpdf_get_buffer_length", "qpdf_get_buffer", "qpdf_has_error", "qpdf_get_error", "qpdf_get_error_full_text",
    "qpdf_oh_has_key" };
static void *pointers[26];
static ipr_lazy_library library = IPR_LAZY_LIBRARY("libqpdf.so.29", names, pointers);

#define CALL(index, function) ((__typeof__(&function))pointers[index])

/* The deepest structure nesting walked: far beyond any page's (a list in a quote in a table cell is a few levels). */
enum { max_depth = 256 };

typedef struct {
    qpdf_data qpdf;
    int count;
    const char *const *roles;
    const char *const *alts;
    const char *const *scopes;
    int next;
    int mismatch;
} walk_state;

static void set_error(char *error, size_t size, const char *message) {
    if (error != NULL && size > 0) snprintf(error, size, "%s", message);
}

/* Visits the structure elements under `node` (an element, or an array of kids) in preorder. */
static void walk(walk_state *state, qpdf_oh node, int depth) {
    qpdf_data q = state->qpdf;
    if (state->mismatch) return;
    if (depth > max_depth) {
        state->mismatch = 1;
        return;
    }
    if (CALL(7, qpdf_oh_is_array)(q, node)) {
        int n = CALL(9, qpdf_oh_get_array_n_items)(q, node);
        for (int i = 0; i < n && !state->mismatch; i++) walk(state, CALL(10, qpdf_oh_get_array_item)(q, node, i), depth + 1);
        return;
    }
    /* Marked-content ids (integers) and references (dictionaries without /S) are not elements. */
    if (!CALL(8, qpdf_oh_is_dictionary)(q, node) || !CALL(25, qpdf_oh_has_key)(q, node, "/S")) return;
    int index = state->next++;
    char role[64];
    if (index >= state->count) {
        state->mismatch = 1;
        return;
    }
    snprintf(role, sizeof role, "/%s", state->roles[index]);
    if (!CALL(11, qpdf_oh_is_name_and_equals)(q, CALL(6, qpdf_oh_get_key)(q, node, "/S"), role)) {
        state->mismatch = 1;
        return;
    }
    if (state->alts[index] != NULL) {
        CALL(12, qpdf_oh_replace_key)(q, node, "/Alt", CALL(13, qpdf_oh_new_unicode_string)(q, state->alts[index]));
    }
    if (state->scopes[index] != NULL) {
        char scope[32];
        snprintf(scope, sizeof scope, "/%s", state->scopes[index]);
        qpdf_oh attributes = CALL(15, qpdf_oh_new_dictionary)(q);
        CALL(12, qpdf_oh_replace_key)(q, attributes, "/O", CALL(14, qpdf_oh_new_name)(q, "/Table"));
        CALL(12, qpdf_oh_replace_key)(q, attributes, "/Scope", CALL(14, qpdf_oh_new_name)(q, scope));
        CALL(12, qpdf_oh_replace_key)(q, node, "/A", attributes);
    }
    if (CALL(25, qpdf_oh_has_key)(q, node, "/K")) walk(state, CALL(6, qpdf_oh_get_key)(q, node, "/K"), depth + 1);
}

int ipr_qpdf_add_structure_attributes(const uint8_t *pdf, size_t size, const char *language, int count,
                                      const char *const *roles, const char *const *alts, const char *const *scopes,
                                      uint8_t **out, size_t *out_size, char *error, size_t error_size) {
    *out = NULL;
    *out_size = 0;
    if (error != NULL && error_size > 0) error[0] = '\0';
    const char *why = ipr_lazy_library_load(&library);
    if (why != NULL) {
        set_error(error, error_size, why);
        return -1;
    }
    qpdf_data q = CALL(0, qpdf_init)();
    if (q == NULL) {
        set_error(error, error_size, "qpdf_init failed");
        return -3;
    }
    CALL(2, qpdf_silence_errors)(q);
    CALL(3, qpdf_set_suppress_warnings)(q, QPDF_TRUE);
    int status = 0;
    if (CALL(4, qpdf_read_memory)(q, "page.pdf", (const char *)pdf, (unsigned long long)size, NULL) & QPDF_ERRORS) {
        status = -3;
    } else {
        qpdf_oh root = CALL(5, qpdf_get_root)(q);
        walk_state state = { q, count, roles, alts, scopes, 0, 0 };
        qpdf_oh tree = CALL(6, qpdf_oh_get_key)(q, root, "/StructTreeRoot");
        if (CALL(8, qpdf_oh_is_dictionary)(q, tree)) walk(&state, CALL(6, qpdf_oh_get_key)(q, tree, "/K"), 0);
        if (state.mismatch || state.next != count) {
            set_error(error, error_size, "the PDF's structure tree is not the one painted");
            status = -2;
        } else {
            if (language != NULL && language[0] != '\0') {
                CALL(12, qpdf_oh_replace_key)(q, root, "/Lang", CALL(13, qpdf_oh_new_unicode_string)(q, language));
            }
            qpdf_oh preferences = CALL(15, qpdf_oh_new_dictionary)(q);
            CALL(12, qpdf_oh_replace_key)(q, preferences, "/DisplayDocTitle", CALL(16, qpdf_oh_new_bool)(q, QPDF_TRUE));
            CALL(12, qpdf_oh_replace_key)(q, root, "/ViewerPreferences", preferences);
            if ((CALL(17, qpdf_init_write_memory)(q) & QPDF_ERRORS) != 0) {
                status = -3;
            } else {
                /* An /ID from the content, so the same page gives the same bytes. */
                CALL(18, qpdf_set_deterministic_ID)(q, QPDF_TRUE);
                if ((CALL(19, qpdf_write)(q) & QPDF_ERRORS) != 0) status = -3;
            }
            if (status == 0) {
                size_t length = CALL(20, qpdf_get_buffer_length)(q);
                const unsigned char *buffer = CALL(21, qpdf_get_buffer)(q);
                uint8_t *copy = length > 0 ? malloc(length) : NULL;
                if (copy == NULL) {
                    set_error(error, error_size, "out of memory");
                    status = -3;
                } else {
                    memcpy(copy, buffer, length);
                    *out = copy;
                    *out_size = length;
                }
            }
        }
    }
    if (status == -3 && (error == NULL || error[0] == '\0')) {
        const char *text = CALL(22, qpdf_has_error)(q) ? CALL(24, qpdf_get_error_full_text)(q, CALL(23, qpdf_get_error)(q)) : NULL;
        set_error(error, error_size, text != NULL ? text : "qpdf could not rewrite the PDF");
    }
    CALL(1, qpdf_cleanup)(&q);
    return status;
}

void ipr_qpdf_free(void *pointer) { free(pointer); }
