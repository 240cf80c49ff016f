// EGL core and extension enums. Extension entry points are resolved at run time with
// eglGetProcAddress; EGL_EGLEXT_PROTOTYPES would compile and then fail to link.
#include <EGL/egl.h>
#include <EGL/eglext.h>
