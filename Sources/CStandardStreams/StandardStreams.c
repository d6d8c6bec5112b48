#include "ipr_standard_streams.h"

FILE *ipr_standard_output(void) { return stdout; }
