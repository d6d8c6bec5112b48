/* A C program on libipraster (issue 59), built and run by CLibraryTests: renders INPUT with OPTIONS (a JSON
   object; default none), writes the output to OUTPUT and the layout JSON to OUTPUT.layout.json, and prints the
   version, the status, the warnings and an error's kind, location and message, one "key: value" per line. It
   renders twice on one renderer (the second must give the same bytes) and checks that NULL handles are answered. */

#include <ipraster.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned char *read_file(const char *path, size_t *length) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) return NULL;
    size_t capacity = 1 << 16, count = 0;
    unsigned char *bytes = malloc(capacity);
    size_t got;
    while (bytes != NULL && (got = fread(bytes + count, 1, capacity - count, file)) > 0) {
        count += got;
        if (count == capacity) {
            unsigned char *grown = realloc(bytes, capacity * 2);
            if (grown == NULL) { free(bytes); bytes = NULL; break; }
            bytes = grown;
            capacity *= 2;
        }
    }
    fclose(file);
    *length = count;
    return bytes;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s INPUT OUTPUT [OPTIONS_JSON]\n", argv[0]);
        return 64;
    }
    size_t length = 0;
    unsigned char *input = read_file(argv[1], &length);
    if (input == NULL) { fprintf(stderr, "cannot read %s\n", argv[1]); return 66; }
    const char *options = argc > 3 ? argv[3] : NULL;

    printf("version: %s\n", ipr_version());
    if (ipr_result_status(NULL) != IPR_INPUT_ERROR || ipr_result_data(NULL, NULL) != NULL) { puts("null-result: wrong"); return 1; }
    ipr_result *orphan = ipr_render(NULL, input, length, NULL);
    printf("null-renderer: %d %s\n", ipr_result_status(orphan), ipr_result_error_location(orphan));
    ipr_result_free(orphan);

    ipr_renderer *renderer = ipr_renderer_new();
    ipr_result *result = ipr_render(renderer, input, length, options);
    int status = ipr_result_status(result);
    printf("status: %d\n", status);
    printf("warnings: %s\n", ipr_result_warnings(result));
    if (status != IPR_OK) {
        const char *location = ipr_result_error_location(result);
        printf("kind: %s\n", ipr_result_error_kind(result));
        printf("location: %s\n", location != NULL ? location : "(none)");
        printf("message: %s\n", ipr_result_error_message(result));
        printf("layout: %s\n", ipr_result_layout(result) == NULL ? "none" : "present");
    } else {
        size_t size = 0;
        const unsigned char *data = ipr_result_data(result, &size);
        FILE *out = fopen(argv[2], "wb");
        if (out == NULL || fwrite(data, 1, size, out) != size || fclose(out) != 0) { fprintf(stderr, "cannot write %s\n", argv[2]); return 73; }
        const char *layout = ipr_result_layout(result);
        if (layout == NULL) { puts("layout: missing"); return 1; }
        char layout_path[4096];
        snprintf(layout_path, sizeof layout_path, "%s.layout.json", argv[2]);
        FILE *layout_file = fopen(layout_path, "wb");
        if (layout_file == NULL || fputs(layout, layout_file) < 0 || fclose(layout_file) != 0) { fprintf(stderr, "cannot write %s\n", layout_path); return 73; }
        printf("layout-bytes: %zu\n", strlen(layout));
        printf("layout-again: %s\n", ipr_result_layout(result) == layout ? "same" : "different");
        const char *annotations = ipr_result_annotations(result);
        printf("annotations: %s\n", annotations == NULL ? "none" : "present");
        if (annotations != NULL) {
            char annotations_path[4096];
            snprintf(annotations_path, sizeof annotations_path, "%s.annotations.json", argv[2]);
            FILE *annotations_file = fopen(annotations_path, "wb");
            if (annotations_file == NULL || fputs(annotations, annotations_file) < 0 || fclose(annotations_file) != 0) { fprintf(stderr, "cannot write %s\n", annotations_path); return 73; }
        }
        ipr_result *again = ipr_render(renderer, input, length, options);
        size_t size2 = 0;
        const unsigned char *data2 = ipr_result_data(again, &size2);
        printf("second-render: %s\n", size2 == size && memcmp(data, data2, size) == 0 ? "same" : "different");
        ipr_result_free(again);
    }
    ipr_result_free(result);
    ipr_renderer_free(renderer);
    free(input);
    return 0;
}
