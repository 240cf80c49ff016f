// GBM opens a DRM render node so EGL can drive a Mesa GPU without a display server.
#include <gbm.h>
