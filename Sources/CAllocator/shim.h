// The C library's allocator statistics, as a Swift module: glibc's
// mallinfo2() lives in <malloc.h>, which the Glibc module does not include.
// Darwin's malloc_zone_statistics comes with the Darwin module instead, so
// there this header declares nothing.
#if !defined(__APPLE__) && __has_include(<malloc.h>)
#include <malloc.h>
#endif
