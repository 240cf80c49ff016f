// OpenGL ES 3.2 core prototypes (exported by libGLESv2) plus extension enums only.
#include <GLES3/gl3.h>
#include <GLES3/gl32.h>
#include <GLES2/gl2ext.h>
