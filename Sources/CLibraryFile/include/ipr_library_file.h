#ifndef IPR_LIBRARY_FILE_H
#define IPR_LIBRARY_FILE_H

/* The absolute path of the shared object (or program) that holds this function, as the dynamic linker loaded it;
   NULL when it cannot tell or the path is not absolute. Lives as long as the object stays loaded. */
const char *ipr_library_file_path(void);

#endif
